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
