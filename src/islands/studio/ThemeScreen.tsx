import { useEffect, useId, useMemo, useState } from 'react'
import { ImageUrlField } from './ImageUrlField'
import { PreviewFrame } from './PreviewFrame'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { ThemeForm } from './ThemeForm'
import { draftOf, type SiteDraft, useThemeEditor } from './use-theme-editor'

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
  const [draft, setDraft] = useState<SiteDraft | undefined>(undefined)
  const saved = useMemo(() => company.data && draftOf(company.data), [company.data])
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
          <ImageUrlField
            label={t('studio.theme.logo')}
            value={draft.logo}
            onChange={(logo) => setDraft({ ...draft, logo })}
          />
          <ThemeForm themes={draft.themes} onChange={(themes) => setDraft({ ...draft, themes })} />
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
        <PreviewFrame themes={draft.themes} path={homePath()} />
      </div>
    </section>
  )
}
