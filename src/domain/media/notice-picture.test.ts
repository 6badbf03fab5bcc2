import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type DescribedMedia,
  DIALOG_IMAGE_WIDTH,
  eventPictures,
  noticePicture,
} from './notice-picture'
import { mediaByAddress, SLOT_SIZES } from './responsive'
import { type VariantFormat, widthsFor } from './rules'

const url = (w: number, f: VariantFormat, key = 'abcdef0123456789') =>
  `/media/c1/images/${key}-${w}.${f === 'jpeg' ? 'jpg' : f}`
function photo(
  width: number,
  height: number,
  formats: VariantFormat[] = ['avif', 'webp', 'jpeg'],
  key?: string,
): DescribedMedia {
  const variants = widthsFor(width).flatMap((w) =>
    formats.map((format) => ({ width: w, format, url: url(w, format, key) })),
  )
  return { width, height, variants, alt: { fr: 'Une cabine', en: 'A room' } }
}

describe('noticePicture', () => {
  it('gives the carousel AVIF and WebP sources, the fallback srcset, its sizes and the alt of the language', () => {
    const picture = noticePicture(photo(3000, 2000), 'en')
    expect(picture.alt).toBe('A room')
    const widths = [400, 800, 1200, 1600]
    expect(picture.responsive).toEqual({
      sources: [
        { type: 'image/avif', srcset: widths.map((w) => `${url(w, 'avif')} ${w}w`).join(', ') },
        { type: 'image/webp', srcset: widths.map((w) => `${url(w, 'webp')} ${w}w`).join(', ') },
      ],
      src: url(1200, 'jpeg'),
      srcset: widths.map((w) => `${url(w, 'jpeg')} ${w}w`).join(', '),
      sizes: SLOT_SIZES.dialog,
      width: DIALOG_IMAGE_WIDTH,
      height: 612,
    })
  })

  it('falls back to French, then to any language the library has', () => {
    expect(noticePicture(photo(1000, 500), 'de').alt).toBe('Une cabine')
    expect(noticePicture({ ...photo(1000, 500), alt: { it: 'Una stanza' } }, 'fr').alt).toBe(
      'Una stanza',
    )
  })

  it('keeps the alt of a picture without a raster file, drawn plainly', () => {
    expect(noticePicture(photo(1000, 500, ['webp']), 'fr')).toEqual({ alt: 'Une cabine' })
  })

  it('never says the picture is wider than the file, and keeps its aspect ratio', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (w, h) => {
        const size = noticePicture(photo(w, h), 'fr').responsive
        if (!size) throw new Error('no picture')
        expect(size.width).toBe(Math.min(w, DIALOG_IMAGE_WIDTH))
        expect(Math.abs(size.height / size.width - h / w)).toBeLessThanOrEqual(
          1 / size.width + 1e-9,
        )
      }),
    )
  })
})

describe('eventPictures (what notices.json says of the events)', () => {
  const library = photo(2000, 1250)
  const other = photo(1600, 900, undefined, 'fedcba9876543210')
  const mediaOf = (address: string) => mediaByAddress([library, other]).get(address)
  const NOW = Date.parse('2026-11-30T12:00:00Z')
  const event = (end: string, ...urls: string[]) => ({ end, img: urls.map((u) => ({ url: u })) })

  it('describes the library pictures of the events not over, by the address the event stores', () => {
    const pictures = eventPictures(
      [
        event('2026-12-01T00:00:00Z', url(1600, 'jpeg'), 'https://elsewhere.example/a.jpg'),
        event('2026-12-24T00:00:00Z', url(800, 'webp')),
        // over at the build: its picture is not written
        event('2026-11-30T12:00:00Z', url(1600, 'jpeg', 'fedcba9876543210')),
      ],
      mediaOf,
      'fr',
      NOW,
    )
    expect(Object.keys(pictures)).toEqual([url(1600, 'jpeg'), url(800, 'webp')])
    expect(pictures[url(1600, 'jpeg')]).toEqual(noticePicture(library, 'fr'))
    expect(pictures[url(800, 'webp')]?.alt).toBe('Une cabine')
  })

  it('is empty without a library picture', () => {
    expect(eventPictures([event('2027-01-01T00:00:00Z', '/x.jpg')], mediaOf, 'en', NOW)).toEqual({})
  })
})
