import { useMemo } from 'react'
import type { FlatMessages } from '#i18n/flatten'
import type { Locale } from '#i18n/locales'
import type { AppTranslator, MessageKey, PluralKey } from '#i18n/messages'
import { createTranslatorFrom } from '#i18n/translator'
import { pageMessages } from './page-catalog'

/**
 * Messages handed to an island by its page: as JSON text (`islandMessages`, cheap for the build
 * to serialise) or as an object. Only an island that renders text on the server needs them
 * (GiftForm); the others read the page's catalog (decision 010).
 */
export type IslandMessages = FlatMessages | string

export interface TranslatedProps {
  locale: Locale
  messages?: IslandMessages | undefined
}

// the build renders the same few texts on thousands of pages: each is parsed once
const parsedTexts = new Map<string, FlatMessages>()

export function readMessages(messages: IslandMessages): FlatMessages {
  if (typeof messages !== 'string') return messages
  const known = parsedTexts.get(messages)
  if (known) return known
  let read: FlatMessages = {}
  try {
    const parsed: unknown = JSON.parse(messages)
    if (typeof parsed === 'object' && parsed !== null) read = parsed as FlatMessages
  } catch {
    // not a catalog: no messages, the translator shows keys
  }
  if (parsedTexts.size >= 200) parsedTexts.clear()
  parsedTexts.set(messages, read)
  return read
}

export function useTranslator({ locale, messages }: TranslatedProps): AppTranslator {
  return useMemo(
    () =>
      // messages given by the page first; the page's catalog for the rest (in the browser),
      // so an error's words (src/i18n/error-messages.ts) need not travel in every island's props
      messages === undefined
        ? createTranslatorFrom<MessageKey, PluralKey>(locale, pageMessages())
        : createTranslatorFrom<MessageKey, PluralKey>(
            locale,
            readMessages(messages),
            pageMessages(),
          ),
    [locale, messages],
  )
}
