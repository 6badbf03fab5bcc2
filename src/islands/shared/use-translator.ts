import { useMemo } from 'react'
import type { FlatMessages } from '../../i18n/flatten'
import type { Locale } from '../../i18n/locales'
import { createTranslatorFrom, type Translator } from '../../i18n/translator'

/** Islands get their messages from the page (pickMessages), never the whole catalog. */
export interface TranslatedProps {
  locale: Locale
  messages: FlatMessages
}

export function useTranslator({ locale, messages }: TranslatedProps): Translator {
  return useMemo(() => createTranslatorFrom(locale, messages), [locale, messages])
}
