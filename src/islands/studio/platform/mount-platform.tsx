import { createRoot } from 'react-dom/client'
import type { FlatMessages } from '#i18n/flatten'
import { DEFAULT_LOCALE, isLocale } from '#i18n/locales'
import type { MessageKey } from '#i18n/messages'
import type { StudioKey, StudioPluralKey } from '#i18n/studio-messages'
import { createTranslatorFrom } from '#i18n/translator'
import { PlatformApp } from './PlatformApp'

/** The platform page's one script, as the studio's (../mount.tsx). */
const root = document.getElementById('studio')
if (root) {
  const lang = document.documentElement.lang
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE
  const messages = JSON.parse(root.dataset.messages ?? '{}') as FlatMessages
  const translator = createTranslatorFrom<MessageKey | StudioKey, StudioPluralKey>(locale, messages)
  root.replaceChildren()
  createRoot(root).render(<PlatformApp translator={translator} />)
}
