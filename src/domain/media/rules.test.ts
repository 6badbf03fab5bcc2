import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MEDIA_KEY_PATTERN,
  MEDIA_WIDTHS,
  mayWriteMedia,
  mediaKey,
  missingAlt,
  sniffImage,
  srcsetOf,
  svgProblem,
  widthsFor,
} from './rules'

const bytes = (...values: number[]) => new Uint8Array(values)
const text = (value: string) => new TextEncoder().encode(value)

describe('sniffImage: the bytes decide, never the name or the declared type', () => {
  it('knows the magic numbers', () => {
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg')
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png')
    expect(sniffImage(text('GIF89a...'))).toBe('gif')
    expect(sniffImage(text('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp')
    expect(sniffImage(text('\0\0\0\x1cftypavif'))).toBe('avif')
  })
  it('reads an SVG after a BOM, a declaration and comments', () => {
    expect(sniffImage(text('\ufeff<?xml version="1.0"?>\n<!-- x --><svg xmlns="">'))).toBe('svg')
    expect(sniffImage(text('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><svg>'))).toBe('svg')
  })
  it('refuses anything else', () => {
    for (const other of ['hello', '%PDF-1.4', '<html><svg>', '<svgfoo>', 'RIFF\0\0\0\0WAVE']) {
      expect(sniffImage(text(other)), other).toBeUndefined()
    }
    expect(sniffImage(bytes())).toBeUndefined()
  })
})

describe('svgProblem', () => {
  it('passes a drawing with inner references', () => {
    const drawing =
      '<svg><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/><text>one = two</text></svg>'
    expect(svgProblem(drawing)).toBeUndefined()
  })
  it.each([
    ['<svg><script>alert(1)</script></svg>', 'script'],
    ['<svg><rect onclick="x()"/></svg>', 'event handler'],
    ['<svg><a href="javascript:alert(1)"><rect/></a></svg>', 'javascript link'],
    ['<svg><image href="https://evil.example/x.png"/></svg>', 'external reference'],
    ['<svg><use xlink:href="other.svg#a"/></svg>', 'external reference'],
    ['<svg><style>@import "https://x"</style></svg>', 'external reference'],
    ['<svg><rect style="fill:url(https://x/y)"/></svg>', 'external reference'],
    ['<svg><foreignObject><div/></foreignObject></svg>', 'foreignObject'],
    ['<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>', 'entity'],
  ])('refuses %s', (svg, problem) => {
    expect(svgProblem(svg)).toBe(problem)
  })
})

describe('widthsFor', () => {
  it("stores the pages' widths below the image's own, then its own, never enlarged", () => {
    expect(widthsFor(1000)).toEqual([400, 800, 1000])
    expect(widthsFor(300)).toEqual([300])
    expect(widthsFor(400)).toEqual([400])
    expect(widthsFor(4000)).toEqual([...MEDIA_WIDTHS])
  })
  it('ascends and ends at min(width, 1600), for any width', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (width) => {
        const widths = widthsFor(width)
        expect(widths.at(-1)).toBe(Math.min(width, 1600))
        expect(widths.every((w, i) => i === 0 || w > (widths[i - 1] ?? 0))).toBe(true)
      }),
    )
  })
})

describe('mediaKey', () => {
  it('puts the company first and the content hash in the name', () => {
    const key = mediaKey(42, 'images', 'ab'.repeat(16), 800, 'jpeg')
    expect(key).toBe(`c42/images/${'ab'.repeat(16)}-800.jpg`)
    expect(MEDIA_KEY_PATTERN.test(key)).toBe(true)
  })
  it('is refused by the pattern when it could leave its folder', () => {
    for (const key of ['c1/../x/aaaaaaaaaaaaaaaa-1.jpg', '/etc/passwd', 'c1/images/zz-1.jpg']) {
      expect(MEDIA_KEY_PATTERN.test(key), key).toBe(false)
    }
  })
})

describe('alt texts and roles', () => {
  it('names every enabled language without a non-blank alt', () => {
    expect(missingAlt({ fr: 'Soin', en: '  ' }, ['fr', 'en', 'de'])).toEqual(['en', 'de'])
    expect(missingAlt({ fr: 'Soin' }, ['fr'])).toEqual([])
  })
  it('lets the owner and managers write, not a practitioner', () => {
    expect(mayWriteMedia('owner')).toBe(true)
    expect(mayWriteMedia('manager')).toBe(true)
    expect(mayWriteMedia('practitioner')).toBe(false)
  })
  it('writes a srcset narrowest first', () => {
    const v = (width: number, format: 'webp' | 'png') => ({ width, format, url: `/m/${width}` })
    expect(srcsetOf([v(800, 'webp'), v(400, 'webp'), v(400, 'png')], 'webp')).toBe(
      '/m/400 400w, /m/800 800w',
    )
  })
})
