import { describe, expect, it } from 'vitest'
import { allowedUrl, ownImage, TENANT_HTML } from './tenant-html'

describe('tenant HTML policy (docs/security.md)', () => {
  it('allows relative addresses and the listed schemes only', () => {
    expect(allowedUrl('/services/hammam', TENANT_HTML.schemes)).toBe(true)
    expect(allowedUrl('page.html#top', TENANT_HTML.schemes)).toBe(true)
    expect(allowedUrl('https://example.org', TENANT_HTML.schemes)).toBe(true)
    expect(allowedUrl('MAILTO:a@b.fr', TENANT_HTML.schemes)).toBe(true)
    expect(allowedUrl('tel:+33100000000', TENANT_HTML.imageSchemes)).toBe(false)
    expect(allowedUrl('javascript:alert(1)', TENANT_HTML.schemes)).toBe(false)
    expect(allowedUrl(' java\tscript:alert(1)', TENANT_HTML.schemes)).toBe(false)
    expect(allowedUrl('data:text/html,x', TENANT_HTML.schemes)).toBe(false)
    expect(allowedUrl('//evil.example/x', TENANT_HTML.schemes)).toBe(false)
  })

  it('keeps images on the site or the storage origin', () => {
    expect(ownImage('/storage/a.localhost/images/x.svg', '')).toBe(true)
    expect(ownImage('https://cdn.example/x.png', '')).toBe(false)
    expect(ownImage('https://cdn.example/x.png', 'https://cdn.example')).toBe(true)
    expect(ownImage('//cdn.example/x.png', 'https://cdn.example')).toBe(false)
    expect(ownImage('https://other.example/x.png', 'https://cdn.example')).toBe(false)
  })
})
