/**
 * The colours of an e-mail from the company's theme colour. Mail clients (and their dark modes)
 * are not the site: the card stays white with near-black text whatever the theme, and the theme
 * colour is used only where its contrast allows (WCAG 2 ratios). The same maths as
 * src/theme/colour.ts, which the server may not import (docs/decisions/022-layering-rules.md),
 * reduced to hex colours: rgb()/hsl() themes fall back to the neutral colour.
 */
type Rgb = readonly [number, number, number]

export const TEXT_COLOUR = '#1b1b1b'
export const MUTED_COLOUR = '#555555'
export const CARD_COLOUR = '#ffffff'
export const PAGE_COLOUR = '#f3f3f3'
const NEUTRAL = '#333333'

function parseHex(colour: string): Rgb | undefined {
  const match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(colour.trim())
  const digits = match?.[1]
  if (!digits) return undefined
  const full = digits.length <= 4 ? [...digits.slice(0, 3)].map((d) => d + d).join('') : digits
  const n = Number.parseInt(full.slice(0, 6), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

const hex = (rgb: Rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/** The WCAG contrast ratio of two hex colours (1 when one cannot be read). */
export function contrast(a: string, b: string): number {
  const [x, y] = [parseHex(a), parseHex(b)]
  if (!x || !y) return 1
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export interface MailColours {
  /** the button and the band above the card (#rrggbb: mail clients ignore hex alpha) */
  readonly accent: string
  /** text written on the accent: white when it reads (4.5:1), else near-black */
  readonly onAccent: string
  /** links in the text: the accent where it reads on the white card (4.5:1), else the text colour */
  readonly link: string
}

/** The colours of a company's mails from its theme colour (an unreadable value: neutral grey). */
export function mailColours(theme: string | undefined): MailColours {
  const rgb = (theme === undefined ? undefined : parseHex(theme)) ?? (parseHex(NEUTRAL) as Rgb)
  const accent = hex(rgb)
  const readsOnWhite = contrast(accent, CARD_COLOUR) >= 4.5
  return {
    accent,
    onAccent: readsOnWhite ? CARD_COLOUR : TEXT_COLOUR,
    link: readsOnWhite ? accent : TEXT_COLOUR,
  }
}
