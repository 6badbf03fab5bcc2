import { describe, expect, test } from 'vitest'
import {
  id,
  image,
  instant,
  isoDate,
  line,
  localDateTime,
  maybe,
  translatedText,
  webUrl,
} from './common'
import { LANGUAGES } from './language'
import { vedette } from './post'

describe('common', () => {
  test('docs/product/3-entities.md: translated text is keyed by language code', () => {
    expect(translatedText.parse({ fr: 'Bonjour', en: 'Hello', de: 'Hallo' })).toEqual({
      fr: 'Bonjour',
      en: 'Hello',
      de: 'Hallo',
    })
    expect(translatedText.parse({})).toEqual({})
  })

  test('docs/product/3-entities.md, docs/product/9-constants.md: an unknown language key is refused', () => {
    expect(translatedText.safeParse({ fr: 'Bonjour', pt: 'Olá' }).success).toBe(false)
    expect(translatedText.safeParse({ FR: 'Bonjour' }).success).toBe(false)
  })

  test('docs/product/1-overview.md, docs/product/9-constants.md: the five languages with their names', () => {
    expect(LANGUAGES.map((l) => [l.code, l.name])).toEqual([
      ['fr', 'Français'],
      ['en', 'English'],
      ['es', 'Español'],
      ['it', 'Italiano'],
      ['de', 'Deutsch'],
    ])
  })

  test('docs/product/3-entities.md: ids are non-empty strings; numbers are read as strings', () => {
    expect(id.parse(42)).toBe('42')
    expect(id.parse('abc')).toBe('abc')
    expect(id.safeParse('').success).toBe(false)
    expect(id.safeParse(1.5).success).toBe(false)
  })

  test('docs/product/3-entities.md: optional fields read null and empty string as absent', () => {
    const m = maybe(webUrl)
    expect(m.parse(null)).toBeUndefined()
    expect(m.parse('')).toBeUndefined()
    expect(m.parse('/a.png')).toBe('/a.png')
    expect(vedette.parse({ active: null, start: null })).toEqual({
      active: false,
      start: undefined,
    })
  })

  test('docs/product/3-entities.md: links are http(s) or root-relative only', () => {
    expect(webUrl.safeParse('https://example.com/a').success).toBe(true)
    expect(webUrl.safeParse('/services').success).toBe(true)
    expect(webUrl.safeParse('javascript:alert(1)').success).toBe(false)
    expect(webUrl.safeParse('//evil.example').success).toBe(false)
  })

  test('docs/product/3-entities.md: an image is {url, src?, lazySrc?}; a bare address reads as {url}', () => {
    expect(image.parse('/i.png')).toEqual({ url: '/i.png' })
    expect(image.parse({ url: '/i.png', lazySrc: '/s.png' })).toEqual({
      url: '/i.png',
      lazySrc: '/s.png',
    })
  })

  test('decision 016: dates are real days between 1900 and 2100', () => {
    expect(isoDate.safeParse('2030-02-28').success).toBe(true)
    expect(isoDate.safeParse('2028-02-29').success).toBe(true)
    expect(isoDate.safeParse('2030-02-30').success).toBe(false)
    expect(isoDate.safeParse('9999-01-01').success).toBe(false)
    expect(isoDate.safeParse('1899-12-31').success).toBe(false)
    expect(localDateTime.safeParse('2030-02-28T10:00').success).toBe(true)
    expect(localDateTime.safeParse('2030-02-30T10:00').success).toBe(false)
    expect(localDateTime.safeParse('2031-04-31T10:00').success).toBe(false)
    expect(localDateTime.safeParse('9999-01-01T10:00').success).toBe(false)
    expect(instant.safeParse('2030-01-15T10:00:00+01:00').success).toBe(true)
    expect(instant.safeParse('9999-12-31T23:59:59Z').success).toBe(false)
  })

  test('decision 016: ids up to 64 characters, one-line text up to 200', () => {
    expect(id.safeParse('x'.repeat(64)).success).toBe(true)
    expect(id.safeParse('x'.repeat(65)).success).toBe(false)
    expect(line.safeParse('x'.repeat(200)).success).toBe(true)
    expect(line.safeParse('x'.repeat(201)).success).toBe(false)
  })
})
