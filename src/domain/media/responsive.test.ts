import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { altIn, mediaByAddress, responsivePicture } from './responsive'
import { type VariantFormat, widthsFor } from './rules'

const url = (w: number, f: VariantFormat) => `/media/c1/images/abcdef0123456789-${w}.${f}`
function photo(width: number, height: number, formats: VariantFormat[] = ['avif', 'webp', 'jpeg']) {
  const variants = widthsFor(width).flatMap((w) =>
    formats.map((format) => ({ width: w, format, url: url(w, format) })),
  )
  return { width, height, variants }
}

describe('responsivePicture', () => {
  it('gives AVIF then WebP sources and a JPEG fallback, each with every width', () => {
    const pic = responsivePicture(photo(3000, 2000), 400)
    expect(pic?.sources).toEqual([
      {
        type: 'image/avif',
        srcset: [400, 800, 1200, 1600].map((w) => `${url(w, 'avif')} ${w}w`).join(', '),
      },
      {
        type: 'image/webp',
        srcset: [400, 800, 1200, 1600].map((w) => `${url(w, 'webp')} ${w}w`).join(', '),
      },
    ])
    expect(pic?.srcset).toBe(
      [400, 800, 1200, 1600].map((w) => `${url(w, 'jpeg')} ${w}w`).join(', '),
    )
    expect(pic?.src).toBe(url(400, 'jpeg'))
    expect([pic?.width, pic?.height]).toEqual([400, 267])
  })

  it('falls back to PNG, and draws an SVG (no raster fallback) as a plain image', () => {
    expect(responsivePicture(photo(900, 900, ['avif', 'webp', 'png']), 1200)?.src).toBe(
      url(900, 'png'),
    )
    expect(responsivePicture(photo(900, 900, ['svg']), 400)).toBeUndefined()
  })

  it('never says a size wider than the picture, and keeps its aspect ratio', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6000 }),
        fc.integer({ min: 1, max: 6000 }),
        fc.integer({ min: 100, max: 2000 }),
        (w, h, display) => {
          const pic = responsivePicture(photo(w, h), display)
          if (!pic) throw new Error('no picture')
          expect(pic.width).toBe(Math.min(w, display))
          expect(Math.abs(pic.height / pic.width - h / w)).toBeLessThanOrEqual(1 / pic.width + 1e-9)
          // the fallback src covers the slot when the picture can
          const srcWidth = Number(/-(\d+)\.jpeg$/.exec(pic.src)?.[1])
          expect(srcWidth).toBeGreaterThanOrEqual(Math.min(display, Math.min(w, 1600)))
        },
      ),
    )
  })
})

describe('altIn', () => {
  it('takes the image’s own text in the language, then the library’s, then French', () => {
    const own = { fr: 'Couverture', en: '' }
    const library = { fr: 'Un soin', en: 'A facial' }
    expect(altIn('fr', own, library)).toBe('Couverture')
    expect(altIn('en', own, library)).toBe('A facial')
    expect(altIn('de', undefined, library)).toBe('Un soin')
    expect(altIn('de', undefined, { en: ' Only English ' })).toBe('Only English')
    expect(altIn('fr', undefined, undefined)).toBe('')
  })
})

describe('mediaByAddress', () => {
  it('finds a media by the address of any of its files', () => {
    const m = photo(1000, 500)
    const index = mediaByAddress([m])
    expect(index.get(url(400, 'webp'))).toBe(m)
    expect(index.get(url(1000, 'jpeg'))).toBe(m)
    expect(index.get('/storage/x.jpg')).toBeUndefined()
  })
})
