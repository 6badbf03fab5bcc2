import { useMemo } from 'react'
import type { FlatMessages } from '../../i18n/flatten'
import type { Locale } from '../../i18n/locales'
import { createTranslatorFrom, type Translator } from '../../i18n/translator'

/**
 * Islands get their messages from the page, never the whole catalog: as JSON text
 * (`islandMessages`, cheap for the build to serialise on every page) or as an object.
 */
export type IslandMessages = FlatMessages | string

export interface TranslatedProps {
  locale: Locale
  messages: IslandMessages
}

export function readMessages(messages: IslandMessages): FlatMessages {
  if (typeof messages !== 'string') return messages
  try {
    const parsed: unknown = JSON.parse(messages)
    return typeof parsed === 'object' && parsed !== null ? (parsed as FlatMessages) : {}
  } catch {
    return {}
  }
}

export function useTranslator({ locale, messages }: TranslatedProps): Translator {
  return useMemo(() => createTranslatorFrom(locale, readMessages(messages)), [locale, messages])
}
