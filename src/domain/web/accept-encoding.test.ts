import { describe, expect, it } from 'vitest'
import { pickEncoding } from './accept-encoding'

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and answers identity without the header', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('br')).toBe('br')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('deflate')).toBeUndefined()
    expect(pickEncoding(undefined)).toBeUndefined()
    expect(pickEncoding('')).toBeUndefined()
    expect(pickEncoding('identity')).toBeUndefined()
  })

  it('follows q-values, and q=0 refuses a coding', () => {
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined()
    expect(pickEncoding('BR ; Q=1.0')).toBe('br')
  })

  it('reads * as any coding not named', () => {
    expect(pickEncoding('*')).toBe('br')
    expect(pickEncoding('br;q=0, *')).toBe('gzip')
    expect(pickEncoding('*;q=0')).toBeUndefined()
  })

  it('chooses only among the codings available', () => {
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip')
    expect(pickEncoding('br', ['gzip'])).toBeUndefined()
    expect(pickEncoding('br, gzip', [])).toBeUndefined()
  })
})
