import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as sass from 'sass'
import { describe, expect, it } from 'vitest'
import { type CompanyInput, company } from '#contract/index'
import { themeVariables } from './theme-css'

/**
 * The stylesheet's tokens (src/styles/_tokens.scss) against the theme that overrides them
 * (theme-css.ts): same names, same defaults, one breakpoint source (docs/decisions/029-sass-structure.md).
 */
const STYLES = join(import.meta.dirname, '..', 'styles')
const ENTRIES = readdirSync(STYLES).filter((f) => f.endsWith('.scss') && !f.startsWith('_'))
const compiled = (entry: string) => sass.compile(join(STYLES, entry)).css
const site = compiled('site.scss')
const everyEntry = ENTRIES.map(compiled).join('\n')

/** name -> value of `--name: value` declarations in a block. */
function declarations(block: string): Map<string, string> {
  return new Map(
    [...block.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;}]+)/g)].map((m) => [
      m[1] ?? '',
      m[2]?.trim() ?? '',
    ]),
  )
}

const tokenBlock = /:where\(:root\)\s*\{([^}]*)\}/.exec(site)?.[1] ?? ''
const tokens = declarations(tokenBlock)
const written = (input: Partial<CompanyInput>) =>
  declarations(
    themeVariables(
      company.parse({ token: 't', nickname: 'n', identity: { displayName: 'D' }, ...input }),
    ),
  )

const ALL_COLOURS = {
  headerColor: '#101010',
  menuColor: '#202020',
  buttonsColor: '#303030',
  secondaryButtonsColor: '#404040',
  footerColor: '#505050',
  mkpBackgroundColor: '#606060',
  mkpBackgroundImage: 'https://img.example/bg.jpg',
  bookingBreadDefault: '#707070',
  bookingBreadDone: '#808080',
  bookingBreadCurrent: '#909090',
  eventBackgroundColor: '#a0a0a0',
  eventTextColor: '#b0b0b0',
}
/** A theme that sets every optional value, so themeVariables writes every property it can. */
const everyProperty = written({
  themes: {
    siteContained: true,
    containedBackgroundColor: '#c0c0c0',
    general: { light: ALL_COLOURS, dark: ALL_COLOURS },
  },
  booker: { backgroundColor: '#d0d0d0', backgroundRepeat: 'repeat-x' },
} as Partial<CompanyInput>)

/** Properties set at run time by markup or scripts, not by the theme: no default belongs to them. */
const RUNTIME = ['--consent-space', '--header-h', '--hero-position', '--size']

describe('theme tokens: one Sass map, the custom properties each tenant overrides', () => {
  it('declares every property the theme writes, and nothing the theme cannot write but the stylesheet own', () => {
    const themeNames = [...everyProperty.keys()].sort()
    expect(themeNames.length).toBeGreaterThan(25)
    for (const name of themeNames) expect(tokens.has(name), name).toBe(true)
    const own = [...tokens.keys()].filter((name) => !everyProperty.has(name))
    expect(own.sort()).toEqual(['--c-error', '--radius-card'])
  })

  it('defaults to what a company with the default theme gets', () => {
    const defaults = written({})
    expect(defaults.size).toBeGreaterThan(20)
    for (const [name, value] of defaults)
      expect(tokens.get(name)?.toLowerCase(), name).toBe(value.toLowerCase())
  })

  it('declares the tokens with no specificity, so the tenant :root always wins', () => {
    expect(site).toMatch(/:where\(:root\)\s*\{/)
    expect(site).not.toMatch(/(^|[\s,}]):root\s*\{/)
  })

  it('reads no custom property that is neither a token nor set at run time', () => {
    const read = new Set([...everyEntry.matchAll(/var\((--[a-z0-9-]+)/g)].map((m) => m[1] ?? ''))
    const unknown = [...read].filter((name) => !tokens.has(name) && !RUNTIME.includes(name))
    expect(unknown).toEqual([])
  })
})

describe('breakpoints: every media query width from the one map', () => {
  const probe = sass.compileString(
    "@use 'sass:map'; @use 'tokens'; p { @each $n, $w in tokens.$breakpoints { #{$n}: $w; } }",
    { loadPaths: [STYLES] },
  ).css
  const breakpoints = new Map(
    [...probe.matchAll(/([a-z]+): ([0-9.]+(?:px|rem))/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  )

  it('md is 768px: desktop navigation from it, bottom navigation below it', () => {
    expect(breakpoints.get('md')).toBe('768px')
    expect(site).toContain('@media (min-width: 768px)')
    expect(site).toContain('@media (max-width: 767.98px)')
  })

  it('uses no width in a media query that the map does not hold', () => {
    const allowed = new Set(
      [...breakpoints.values()].flatMap((w) =>
        w.endsWith('px') ? [w, `${Number.parseFloat(w) - 0.02}px`] : [w],
      ),
    )
    const queries = [...everyEntry.matchAll(/@media ([^{]+)\{/g)].map((m) => m[1] ?? '')
    const widths = queries.flatMap((q) =>
      [...q.matchAll(/([0-9.]+(?:px|rem|em))/g)].map((m) => m[1] ?? ''),
    )
    expect(widths.length).toBeGreaterThan(10)
    expect(widths.filter((w) => !allowed.has(w))).toEqual([])
  })
})

describe('styles live in src/styles as SCSS', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
    )
  const src = files(join(import.meta.dirname, '..'))

  it('has no plain CSS file left under src/', () => {
    expect(src.filter((f) => f.endsWith('.css'))).toEqual([])
  })

  it('keeps no <style> block in a component but the inline theme of the layouts', () => {
    const blocks = src
      .filter((f) => f.endsWith('.astro'))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/<style(?![^>]*is:inline)[^>]*>/g)].map(() => f),
      )
    expect(blocks).toEqual([])
  })
})
