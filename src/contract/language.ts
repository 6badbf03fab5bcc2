import * as z from 'zod/mini'
import { languageCode } from './common'

/** docs/product/3-entities.md Language: what the language picker shows. */
export const language = z.object({
  code: languageCode,
  name: z.string().check(z.minLength(1)),
  emoji: z.string().check(z.minLength(1)),
  /** BCP 47 tag for <html lang>, Intl and hreflang */
  iso: z.string().check(z.regex(/^[a-z]{2}-[A-Z]{2}$/)),
})
export type Language = z.infer<typeof language>

/** docs/product/1-overview.md, docs/product/9-constants.md: the five languages, French first (the base, no URL prefix). */
export const LANGUAGES = [
  { code: 'fr', name: 'Français', emoji: '🇫🇷', iso: 'fr-FR' },
  { code: 'en', name: 'English', emoji: '🇬🇧', iso: 'en-GB' },
  { code: 'es', name: 'Español', emoji: '🇪🇸', iso: 'es-ES' },
  { code: 'it', name: 'Italiano', emoji: '🇮🇹', iso: 'it-IT' },
  { code: 'de', name: 'Deutsch', emoji: '🇩🇪', iso: 'de-DE' },
] as const satisfies readonly Language[]
