import { useEffect, useId, useState } from 'react'
import type { CompanyThemes } from '#contract/index'
import { PreviewFrame } from './PreviewFrame'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { ThemeForm } from './ThemeForm'
import { useThemeEditor } from './use-theme-editor'

/** The site's home in the studio's language: French at the root, the others under their code. */
function homePath(): string {
  const lang = document.documentElement.lang
  return !lang || lang === 'fr' ? '/' : `/${lang}/`
}

/**
 * The site's theme (docs/decisions/084-collections-and-theme-editor.md): the owner's form beside
 * the live storefront, which follows every change before anything is saved; "Publish" saves the
 * company, which rebuilds the site.
 */
export function ThemeScreen() {
  const { t } = useStudioText()
  const id = useId()
  const { company, publish } = useThemeEditor()
  const [draft, setDraft] = useState<CompanyThemes | undefined>(undefined)
  const saved = company.data?.themes
  useEffect(() => {
    if (saved && !draft) setDraft(saved)
  }, [saved, draft])

  if (company.isError) {
    return <Retry message={t('studio.theme.loadError')} onRetry={() => void company.refetch()} />
  }
  if (!draft) return <Loading message={t('studio.loading')} />
  const changed = JSON.stringify(draft) !== JSON.stringify(saved)
  return (
    <section aria-labelledby={`${id}-h`} className="studio-theme">
      <h1 id={`${id}-h`}>{t('studio.theme.heading')}</h1>
      <div className="studio-theme__panes">
        <form
          className="studio-theme__form"
          onSubmit={(event) => {
            event.preventDefault()
            publish.mutate(draft)
          }}
        >
          <ThemeForm themes={draft} onChange={setDraft} />
          <div className="studio-theme__actions">
            <button type="submit" disabled={publish.isPending || !changed}>
              {t('studio.theme.publish')}
            </button>
            <button type="button" disabled={!changed} onClick={() => setDraft(saved)}>
              {t('studio.theme.reset')}
            </button>
          </div>
          <p role="status">{publish.isSuccess && !changed ? t('studio.theme.published') : ''}</p>
          {publish.isError && <p role="alert">{t('studio.theme.publishError')}</p>}
        </form>
        <PreviewFrame themes={draft} path={homePath()} />
      </div>
    </section>
  )
}
