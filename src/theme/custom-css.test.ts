import { describe, expect, it } from 'vitest'
import { safeCustomCss } from './custom-css'

/** What an HTML parser would see: the raw text up to the first end tag of style. */
function styleContent(css: string): string {
  const html = `<style>${safeCustomCss(css)}</style>`
  const end = html.toLowerCase().indexOf('</style', '<style>'.length)
  return html.slice('<style>'.length, end)
}

describe('custom CSS cannot close its <style> element', () => {
  it.each([
    '</style><script>alert(1)</script>',
    '</STYLE><script>alert(1)</script>',
    '</sTyLe ><img src=x onerror=alert(1)>',
    '</style\n><script>alert(1)</script>',
    '</style/><script>alert(1)</script>',
    'a{color:red}<!--</style><script>alert(1)</script>-->',
    'body{background:url("</style><script>x</script>")}',
    '/* </style> */<svg onload=alert(1)>',
  ])('neutralises %j', (input) => {
    const out = safeCustomCss(input)
    expect(out.toLowerCase()).not.toContain('</style')
    expect(out).not.toContain('<!--')
    expect(out).not.toContain('<')
    // the whole input stays inside the element
    expect(styleContent(input)).toBe(out)
  })

  it('keeps ordinary CSS untouched', () => {
    const css = '.service-card h3 { letter-spacing: 0.02em; }\n.a > .b::after { content: "→"; }'
    expect(safeCustomCss(css)).toBe(css)
  })

  it('keeps a "<" inside a string readable as an escape', () => {
    expect(safeCustomCss('a::before{content:"<3"}')).toBe('a::before{content:"\\3c 3"}')
  })

  it('drops NUL characters and handles empty input', () => {
    expect(safeCustomCss('a{}\0')).toBe('a{}')
    expect(safeCustomCss('')).toBe('')
    expect(safeCustomCss(undefined)).toBe('')
  })
})

describe('custom CSS cannot reach another host (decision 019)', () => {
  it.each([
    ['@import url("https://evil.example/x.css");\na{color:red}', 'a{color:red}'],
    ["@import 'https://evil.example/x.css';a{}", 'a{}'],
    ['@IMPORT "//evil.example/x.css" screen;a{}', 'a{}'],
    ['@\\69mport "https://evil.example/x.css";a{}', 'a{}'],
    ['@import/**/"https://evil.example/x.css";a{}', 'a{}'],
    ['@import "local.css";a{}', 'a{}'],
    ['a{background:url(https://evil.example/p.png) no-repeat}', 'a{background:none no-repeat}'],
    ["a{background:URL( 'http://evil.example/p.png' )}", 'a{background:none}'],
    ['a{background:url(//evil.example/p.png)}', 'a{background:none}'],
    ['a{background:url(/\\\\evil.example/p.png)}', 'a{background:none}'],
    ['a{background:url(https\\3a //evil.example/p.png)}', 'a{background:none}'],
    ['a{background:u\\72l(https://evil.example/p.png)}', 'a{background:none}'],
    ['a{background:\\75 rl(https://evil.example/p.png)}', 'a{background:none}'],
    ['a{background:url("ht\ttps://evil.example/p.png")}', 'a{background:none}'],
    [
      '@font-face{font-family:x;src:url(https://fonts.gstatic.com/x.woff2)}',
      '@font-face{font-family:x;src:none}',
    ],
    ['a{background:image-set("https://evil.example/p.png" 1x)}', 'a{background:image-set("" 1x)}'],
    ['a{cursor:url(javascript:alert(1)),auto}', 'a{cursor:none),auto}'],
  ])('drops the load in %j', (input, expected) => {
    const out = safeCustomCss(input)
    expect(out).toBe(expected)
    expect(out).not.toMatch(/evil\.example|gstatic/)
  })

  it.each([
    'a{background:url(/storage/x/images/a.svg)}',
    'a{background:url("images/a.png")}',
    'a{filter:url(#shadow)}',
    'a{background:url(data:image/png;base64,AAAA)}',
    'a::before{content:"Note: à voir"}',
    '.\\31 0{color:red}',
  ])('keeps %j', (input) => {
    expect(safeCustomCss(input)).toBe(input)
  })

  it('allows an origin it is told about (the storage origin)', () => {
    const css = 'a{background:url(https://cdn.example/storage/a.png)}'
    expect(safeCustomCss(css, ['https://cdn.example'])).toBe(css)
    expect(safeCustomCss(css)).toBe('a{background:none}')
  })
})
