import type { KeyboardEvent } from 'react'
import type { Locale } from '#i18n/index'
import { useStudioText } from '../studio-text'

/**
 * The post editor's language tabs (the WAI-ARIA tabs pattern): one tab per enabled language,
 * arrow keys move between them, the panel `${id}-panel` shows the chosen one.
 */
export function LanguageTabs({
  id,
  locales,
  tab,
  onTab,
}: {
  id: string
  locales: readonly Locale[]
  tab: Locale
  onTab: (locale: Locale) => void
}) {
  const { t } = useStudioText()
  const keys = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    const next = locales[(locales.indexOf(tab) + step + locales.length) % locales.length]
    if (next) {
      onTab(next)
      document.getElementById(`${id}-tab-${next}`)?.focus()
    }
  }
  return (
    <div role="tablist" aria-label={t('studio.posts.languages')} onKeyDown={keys}>
      {locales.map((code) => (
        <button
          key={code}
          id={`${id}-tab-${code}`}
          type="button"
          role="tab"
          aria-selected={code === tab}
          aria-controls={`${id}-panel`}
          tabIndex={code === tab ? 0 : -1}
          onClick={() => onTab(code)}
        >
          {t(`studio.posts.language.${code}`)}
        </button>
      ))}
    </div>
  )
}
