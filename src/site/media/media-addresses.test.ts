import { describe, expect, it } from 'vitest'
import { chunks, imageAddresses } from './media-addresses'

describe('imageAddresses', () => {
  it('finds image addresses anywhere in the content and in the <img>s of its HTML, once each', () => {
    const content = {
      posts: [
        {
          images: [{ url: '/media/c1/images/aa-1600.jpg' }],
          body: { fr: '<p>x</p><img alt="a" src="/media/c1/images/bb-800.webp">' },
        },
      ],
      shops: [
        { images: ['https://cdn.example/m/c1/images/aa-400.avif', '/media/c1/images/aa-1600.jpg'] },
      ],
      company: { website: 'https://salon.example/', logo: '/storage/x/logo.svg', n: 3 },
    }
    expect(imageAddresses(content).sort()).toEqual([
      '/media/c1/images/aa-1600.jpg',
      '/media/c1/images/bb-800.webp',
      'https://cdn.example/m/c1/images/aa-400.avif',
    ])
  })

  it('skips what is not an address a page may load', () => {
    expect(imageAddresses(['//evil.example/a.jpg', 'javascript:a.png', 'a b.jpg'])).toEqual([])
  })

  it('cuts a list to the call’s limit', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
  })
})
