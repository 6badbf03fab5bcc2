import { describe, expect, it } from 'vitest'
import { type CompanyInput, company } from '#contract/index'
import { fontStack, fontStylesheets } from './fonts'
import { siteTheme } from './site-theme'
import { cssUrl, themeClasses, themeVariables } from './theme-css'

const base: CompanyInput = {
  token: 't',
  nickname: 'n',
  identity: { displayName: 'Maison' },
}
const make = (extra: Partial<CompanyInput> = {}) => company.parse({ ...base, ...extra })

describe('theme variables (docs/product/3-entities.md themes)', () => {
  it('uses the docs/product/9-constants.md defaults when the company sets nothing', () => {
    const css = themeVariables(make())
    expect(css).toContain('--c-button:#333333')
    expect(css).toContain('--c-header:#ffffff')
    expect(css).toContain('--c-footer:#ffffff')
    expect(css).toContain('--c-bread-done:#228B22')
    expect(css).toContain('--logo-size:50px')
    expect(css).toContain('--site-max:1600px')
    expect(css).toContain('color-scheme:light')
  })

  it('picks the dark colours when dark is set', () => {
    const themes = {
      dark: true,
      general: { light: { buttonsColor: '#111111' }, dark: { buttonsColor: '#eeeeee' } },
    }
    const css = themeVariables(make({ themes }))
    expect(css).toContain('--c-button:#eeeeee')
    expect(css).toContain('--c-on-button:#1b1b1b')
    expect(css).toContain('color-scheme:dark')
    expect(themeClasses(make({ themes }))).toContain('theme-dark')
  })

  it('maps the layout flags', () => {
    const c = make({
      themes: {
        siteContained: true,
        shadowSiteContained: true,
        roundedMenu: true,
        headerFullWidth: true,
        squareFlatButtons: true,
        containedBackgroundColor: '#EFE6DC',
      },
      booker: { backgroundColor: '#FBF8F4', backgroundRepeat: 'repeat-x' },
    })
    const css = themeVariables(c)
    expect(css).toContain('--site-max:1200px')
    expect(css).toContain('--radius-menu:999px')
    expect(css).toContain('--radius-button:0')
    expect(css).toContain('--c-surface:#EFE6DC')
    expect(css).toContain('--c-page-bg:#FBF8F4')
    expect(css).toContain('--page-bg-repeat:repeat-x')
    expect(themeClasses(c).split(' ').sort()).toEqual([
      'theme-contained',
      'theme-contained-shadow',
      'theme-header-full',
      'theme-rounded-menu',
      'theme-square-buttons',
    ])
  })

  it('writes the logo size and the marketplace background image through the storage base', () => {
    const c = make({
      identity: { displayName: 'M', logoSize: 72 },
      themes: { general: { light: { mkpBackgroundImage: '/storage/h/images/bg.svg' } } },
    })
    const css = themeVariables(c, (u) => `https://cdn.example${u}`)
    expect(css).toContain('--logo-size:72px')
    expect(css).toContain('--mkp-bg-image:url("https://cdn.example/storage/h/images/bg.svg")')
  })

  it('escapes quotes in url()', () => {
    expect(cssUrl('/a"b')).toBe('url("/a\\22 b")')
  })
})

describe('fonts', () => {
  it('quotes family names but not generic keywords', () => {
    expect(fontStack({ name: 'Jost' })).toMatch(/^"Jost", /)
    expect(fontStack({ name: 'system-ui' })).toMatch(/^system-ui, /)
    expect(fontStack(undefined)).toContain('sans-serif')
  })

  it('links https stylesheets only, once each', () => {
    const c = make({
      themes: {
        headerFont: { name: 'A', url: 'https://fonts.example/a.css' },
        menuFont: { name: 'B', url: 'https://fonts.example/b.css' },
        bodyFont: { name: 'B', url: 'https://fonts.example/b.css' },
      },
    })
    expect(fontStylesheets(c.themes)).toEqual([
      'https://fonts.example/a.css',
      'https://fonts.example/b.css',
    ])
    const local = make({ themes: { headerFont: { name: 'A', url: '/fonts/a.css' } } })
    expect(fontStylesheets(local.themes)).toEqual([])
    const http = make({ themes: { headerFont: { name: 'A', url: 'http://fonts.example/a.css' } } })
    expect(fontStylesheets(http.themes)).toEqual([])
  })
})

describe('site theme', () => {
  it('gathers logo, white logo, favicon and safe custom CSS', () => {
    const c = make({
      identity: { displayName: 'Maison', logo: '/storage/h/logo.svg', logoSize: 60 },
      themes: { customCss: '</style><script>alert(1)</script>' },
      booker: { favicon: { title: 'M', image: '/storage/h/favicon.svg' } },
    })
    const theme = siteTheme(c)
    expect(theme.logo).toEqual({
      src: '/storage/h/logo.svg',
      white: '/storage/h/logo.svg',
      size: 60,
      alt: 'Maison',
    })
    expect(theme.favicon).toEqual({
      href: '/storage/h/favicon.svg',
      type: 'image/svg+xml',
      title: 'M',
    })
    expect(theme.customCss).not.toContain('</style')
  })

  it("falls back to public/'s favicon.svg, never rewritten to the storage, when the company sets none", () => {
    const theme = siteTheme(make(), (url) => `https://cdn.example${url}`)
    expect(theme.favicon).toEqual({ href: '/favicon.svg', type: 'image/svg+xml' })
  })
})
