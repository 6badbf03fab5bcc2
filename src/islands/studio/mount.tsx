import 'react-big-calendar/lib/css/react-big-calendar.css'
import { createRoot } from 'react-dom/client'
import type { FlatMessages } from '#i18n/flatten'
import { DEFAULT_LOCALE, isLocale } from '#i18n/locales'
import type { MessageKey } from '#i18n/messages'
import type { StudioKey, StudioPluralKey } from '#i18n/studio-messages'
import { createTranslatorFrom } from '#i18n/translator'
import { StudioApp } from './StudioApp'

/**
 * The studio page's one script (docs/decisions/071-studio-app.md): no Astro island runtime, so
 * the page needs no inline script and keeps the strictest policy. The page writes its language
 * on <html lang> and the studio's messages on the root element.
 */
const root = document.getElementById('studio')
if (root) {
  const lang = document.documentElement.lang
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE
  const messages = JSON.parse(root.dataset.messages ?? '{}') as FlatMessages
  const translator = createTranslatorFrom<MessageKey | StudioKey, StudioPluralKey>(locale, messages)
  root.replaceChildren()
  createRoot(root).render(<StudioApp translator={translator} />)
}
