import { describe, expect, it } from 'vitest'
import { waitingReturn } from './waiting-return'

describe('where /waiting returns the visitor (docs/product/4-states.md overloaded)', () => {
  it('the page they were on, query and hash kept', () => {
    expect(waitingReturn('/en/services?tab=2#x', '/en')).toBe('/en/services?tab=2#x')
    expect(waitingReturn('/', '/en')).toBe('/')
  })

  it('home without a page, or for another site', () => {
    expect(waitingReturn(null, '/')).toBe('/')
    expect(waitingReturn('', '/de')).toBe('/de')
    expect(waitingReturn('https://evil.example/', '/')).toBe('/')
    expect(waitingReturn('//evil.example', '/')).toBe('/')
    expect(waitingReturn('/\t/evil.example', '/')).toBe('/')
  })

  it('never /waiting itself', () => {
    expect(waitingReturn('/waiting', '/')).toBe('/')
    expect(waitingReturn('/en/waiting/?from=/x', '/en')).toBe('/en')
  })

  it('an address that comes back through the round trip', () => {
    const href = `/en/waiting?from=${encodeURIComponent('/en/services?tab=2')}`
    const from = new URL(href, 'http://x.invalid').searchParams.get('from')
    expect(waitingReturn(from, '/en')).toBe('/en/services?tab=2')
  })
})
