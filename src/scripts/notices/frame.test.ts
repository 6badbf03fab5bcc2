import { describe, expect, it } from 'vitest'
import type { Event } from '#contract/index'
import { eventView, type NoticesFrame } from './frame'

const LIBRARY = 'https://media.example/media/c1/images/abcdef0123456789-1600.jpg'
const picture = {
  alt: 'A room',
  responsive: {
    sources: [{ type: 'image/avif', srcset: 'a-400.avif 400w' }],
    src: 'a-400.jpg',
    srcset: 'a-400.jpg 400w',
    sizes: '100vw',
    width: 400,
    height: 225,
  },
}
const frame: NoticesFrame = {
  iso: 'en-GB',
  linkPrefix: '/en',
  services: {},
  messages: {},
  pictures: { [LIBRARY]: picture },
}
const event = (urls: string[]): Event => ({
  id: '1',
  img: urls.map((url) => ({ url })),
  start: '2026-11-01T00:00:00Z',
  end: '2026-12-01T00:00:00Z',
  showDates: false,
  title: { en: 'Open day' },
  body: {},
  link: undefined,
})

describe('an event as the carousel shows it', () => {
  it('takes the build’s picture for a library address, none for another (drawn plainly, alt="")', () => {
    const view = eventView(event([LIBRARY, '/storage/x.jpg', 'constructor']), 'en', frame)
    expect(view.images).toEqual([
      { src: LIBRARY, picture },
      { src: '/storage/x.jpg', picture: undefined },
      { src: 'constructor', picture: undefined },
    ])
  })
})
