import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { plainText, sanitizeTenantHtml } from './sanitize'

interface RawPost {
  id: number
  body: Record<string, string>
}
const posts = JSON.parse(
  readFileSync(new URL('../../tenants/bains-du-lac.localhost/posts.json', import.meta.url), 'utf8'),
) as RawPost[]
const post417 = posts.find((p) => p.id === 417)

describe('tenant HTML is sanitised at build time', () => {
  it.each(['fr', 'en'])('bains-du-lac post 417 (%s) loses its script, handler and js link', (l) => {
    const raw = post417?.body[l] ?? ''
    expect(raw).toContain('<script>')
    const clean = sanitizeTenantHtml(raw)
    expect(clean).not.toMatch(/<script/i)
    expect(clean).not.toContain('alert(1)')
    expect(clean).not.toMatch(/\son\w+=/i)
    expect(clean).not.toMatch(/javascript:/i)
    // the content around them stays
    expect(clean).toContain('<h2>')
    expect(clean).toContain('<ul>')
    expect(clean).toMatch(
      /<img src="\/storage\/bains-du-lac\.localhost\/images\/does-not-exist\.svg"/,
    )
  })

  it.each([
    ['<img src=x onerror=alert(1)>', /onerror/],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', /javascript/i],
    ['<a href="  javascript:alert(1)">x</a>', /javascript/i],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:/],
    ['<iframe src="https://evil.example"></iframe>', /iframe/],
    ['<style>body{display:none}</style><p>x</p>', /style|display/],
    ['<svg><script>alert(1)</script></svg>', /svg|script|alert/],
    ['<p style="background:url(javascript:alert(1))">x</p>', /style|javascript/],
    ['<form action="https://evil.example"><input name=a></form>', /form|input/],
    ['<img src="//evil.example/x.png">', /evil/],
    ['<p onclick="alert(1)">x</p>', /onclick/],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', /javascript|xlink/],
  ])('drops the dangerous part of %s', (input, forbidden) => {
    expect(sanitizeTenantHtml(input)).not.toMatch(forbidden)
  })

  it('keeps safe links and makes new-tab links noopener', () => {
    expect(sanitizeTenantHtml('<a href="https://a.example" target="_blank">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    )
    expect(sanitizeTenantHtml('<a href="mailto:x@y.example">m</a>')).toBe(
      '<a href="mailto:x@y.example">m</a>',
    )
    expect(sanitizeTenantHtml('<a href="/services" target="_self">s</a>')).toBe(
      '<a href="/services">s</a>',
    )
  })

  it('lazy-loads images', () => {
    expect(sanitizeTenantHtml('<img src="/a.svg" alt="a">')).toBe(
      '<img src="/a.svg" alt="a" loading="lazy" />',
    )
  })

  it('keeps a foreign image only as a link: nothing loads from another host (decision 019)', () => {
    expect(sanitizeTenantHtml('<p><img src="https://other.example/a.png" alt="Le spa"></p>')).toBe(
      '<p><a href="https://other.example/a.png" target="_blank" rel="noopener noreferrer">Le spa</a></p>',
    )
    expect(sanitizeTenantHtml('<img src="http://other.example/a.png">')).toBe(
      '<a href="http://other.example/a.png" target="_blank" rel="noopener noreferrer">http://other.example/a.png</a>',
    )
    expect(sanitizeTenantHtml('<img src="javascript:alert(1)" alt="x">')).not.toMatch(
      /javascript|src/,
    )
    expect(sanitizeTenantHtml('<img src="/\\other.example/a.png">')).not.toMatch(/other/)
  })

  it('keeps images of the storage origin (PUBLIC_STORAGE_URL)', () => {
    vi.stubEnv('PUBLIC_STORAGE_URL', 'https://cdn.example')
    try {
      expect(sanitizeTenantHtml('<img src="https://cdn.example/storage/a.png" alt="">')).toBe(
        '<img src="https://cdn.example/storage/a.png" alt="" loading="lazy" />',
      )
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('reads plain text out of markup', () => {
    expect(plainText('<p>Fermé <script>x</script><b>bientôt</b></p>')).toBe('Fermé bientôt')
    expect(sanitizeTenantHtml(undefined)).toBe('')
  })
})
