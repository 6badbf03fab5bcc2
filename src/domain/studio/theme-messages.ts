import type { CompanyThemes, ThemeColours } from '#contract/index'
import type { TextMessage } from './text-messages'

/**
 * What the studio's theme editor posts to the framed storefront (docs/decisions/084-collections-
 * and-theme-editor.md), in the spec's preview messages that the site's listener already applies
 * (src/scripts/preview/messages.ts: colour, theme, font, value, css, url; the texts' own kind is
 * in text-messages.ts, decision 093). One change of the form sends the whole theme again: the
 * messages are idempotent, so a message lost while the frame was loading is repaired by the next
 * one, and the frame's `load` resends everything.
 */

export type PreviewMessage =
  | { kind: 'theme'; colours: Record<string, string>; mode: 'light' | 'dark' }
  | { kind: 'font'; target: 'header' | 'menu' | 'body'; name: string; url?: string }
  | { kind: 'css'; css: string }
  | { kind: 'value'; name: 'logoSize'; value: number }
  | { kind: 'url'; path: string }
  | TextMessage

/** The theme's colour fields by the name the preview messages use. */
export const PREVIEW_COLOUR_NAMES = {
  headerColor: 'header',
  menuColor: 'menu',
  buttonsColor: 'button',
  secondaryButtonsColor: 'secondaryButton',
  footerColor: 'footer',
  bookingBreadDefault: 'breadcrumbDefault',
  bookingBreadDone: 'breadcrumbDone',
  bookingBreadCurrent: 'breadcrumbCurrent',
  eventBackgroundColor: 'eventBackground',
  eventTextColor: 'eventText',
} as const satisfies Partial<Record<keyof ThemeColours, string>>

type ColourField = keyof typeof PREVIEW_COLOUR_NAMES

/** The colours of the shown scheme (dark when `dark` is set), by message name; unset left out. */
export function previewColours(themes: Pick<CompanyThemes, 'general' | 'dark'>) {
  const set = themes.dark ? themes.general.dark : themes.general.light
  const colours: Record<string, string> = {}
  for (const field of Object.keys(PREVIEW_COLOUR_NAMES) as ColourField[]) {
    const value = set[field]
    if (value) colours[PREVIEW_COLOUR_NAMES[field]] = value
  }
  return colours
}

const FONTS = [
  ['header', 'headerFont'],
  ['menu', 'menuFont'],
  ['body', 'bodyFont'],
] as const

/** Every message that shows `themes` on the framed page. */
export function previewMessages(themes: CompanyThemes): PreviewMessage[] {
  const messages: PreviewMessage[] = [
    { kind: 'theme', colours: previewColours(themes), mode: themes.dark ? 'dark' : 'light' },
  ]
  for (const [target, field] of FONTS) {
    const font = themes[field]
    if (!font?.name) continue
    messages.push(
      font.url
        ? { kind: 'font', target, name: font.name, url: font.url }
        : { kind: 'font', target, name: font.name },
    )
  }
  messages.push({ kind: 'css', css: themes.customCss })
  return messages
}

/**
 * The company settings the site's listener follows besides the theme
 * (docs/decisions/089-site-settings-and-key-store.md): the logo's size, a length.
 */
export const logoSizeMessage = (size: number): PreviewMessage => ({
  kind: 'value',
  name: 'logoSize',
  value: size,
})

/** Takes the framed site to the page a settings section shows (the home, the legal page). */
export const pageMessage = (path: string): PreviewMessage => ({ kind: 'url', path })
