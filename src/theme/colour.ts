/**
 * Just enough colour maths to pick a readable text colour for a tenant's background colours:
 * the contract only lets hex, rgb(a), hsl(a) and 'transparent' through (contract/common.ts).
 */
export type Rgb = readonly [number, number, number]

const clamp = (n: number, max: number) => Math.min(max, Math.max(0, n))

function channel(part: string, max: number): number {
  const value = Number.parseFloat(part)
  if (!Number.isFinite(value)) return 0
  return part.trim().endsWith('%') ? clamp((value / 100) * max, max) : clamp(value, max)
}

function parseHex(hex: string): Rgb | undefined {
  const digits = hex.slice(1)
  const full =
    digits.length <= 4 ? [...digits.slice(0, 3)].map((d) => d + d).join('') : digits.slice(0, 6)
  const n = Number.parseInt(full, 16)
  return Number.isNaN(n) ? undefined : [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)]
}

/** The RGB of a colour the contract accepts; undefined for 'transparent' and anything else. */
export function parseColour(colour: string): Rgb | undefined {
  const value = colour.trim().toLowerCase()
  if (value.startsWith('#')) return parseHex(value)
  const match = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(value)
  if (!match) return undefined
  const parts = (match[2] ?? '').split(/[\s,/]+/).filter(Boolean)
  const [a = '0', b = '0', c = '0'] = parts
  if (match[1]?.startsWith('rgb')) return [channel(a, 255), channel(b, 255), channel(c, 255)]
  const hue = ((Number.parseFloat(a) % 360) + 360) % 360
  return hslToRgb(hue, channel(b, 100) / 100, channel(c, 100) / 100)
}

/** WCAG relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export const LIGHT_TEXT = '#ffffff'
export const DARK_TEXT = '#1b1b1b'
const LIGHT: Rgb = [255, 255, 255]
const DARK: Rgb = [27, 27, 27]

/**
 * The text colour (white or near-black) with the better contrast on `background`; `fallback`
 * when the background cannot be read (transparent lets the page show through).
 */
export function readableOn(background: string | undefined, fallback: string = DARK_TEXT): string {
  const rgb = background === undefined ? undefined : parseColour(background)
  if (!rgb) return fallback
  return contrastRatio(rgb, LIGHT) >= contrastRatio(rgb, DARK) ? LIGHT_TEXT : DARK_TEXT
}
