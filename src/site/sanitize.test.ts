import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
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

  it('reads plain text out of markup', () => {
    expect(plainText('<p>Fermé <script>x</script><b>bientôt</b></p>')).toBe('Fermé bientôt')
    expect(sanitizeTenantHtml(undefined)).toBe('')
  })
})
