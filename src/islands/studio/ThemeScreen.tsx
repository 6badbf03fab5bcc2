import { useEffect, useId, useMemo, useState } from 'react'
import { LANGUAGES } from '#contract/index'
import { settingsProblems } from '#domain/studio/site-settings'
import { homeIn, textMessages } from '#domain/studio/text-messages'
import { logoSizeMessage } from '#domain/studio/theme-messages'
import { ImageUrlField } from './ImageUrlField'
import { PreviewFrame } from './PreviewFrame'
import { Loading, Retry } from './ReadState'
import { KeyStore } from './settings/KeyStore'
import { SETTINGS_SECTIONS, SettingsSection, sectionPage } from './settings/SettingsSection'
import { useStudioText } from './studio-text'
import { ThemeForm } from './ThemeForm'
import { draftOf, type SiteDraft, useThemeEditor, withDraft } from './use-theme-editor'

/** The site's home in the studio's language: French at the root, the others under their code. */
function homePath(): string {
  const lang = document.documentElement.lang
  return !lang || lang === 'fr' ? '/' : `/${lang}/`
}

/**
 * The site's theme and settings (docs/decisions/084-collections-and-theme-editor.md, 089-site-
 * settings-and-key-store.md, 093-live-text-preview.md): the owner's forms, one section at a time,
 * beside the live storefront, which follows what the site listens to (theme, logo size, the
 * section's page in the language edited, the texts) before anything is saved; "Publish" saves
 * the company, which rebuilds the site. The payment keys are saved apart, in the key store.
 */
export function ThemeScreen() {
  const { t } = useStudioText()
  const id = useId()
  const { company, publish } = useThemeEditor()
  const [draft, setDraft] = useState<SiteDraft | undefined>(undefined)
  const [section, setSection] = useState<(typeof SETTINGS_SECTIONS)[number]>('theme')
  const [lang, setLang] = useState('fr')
  const saved = useMemo(() => company.data && draftOf(company.data), [company.data])
  const extra = useMemo(() => (draft ? [logoSizeMessage(draft.logoSize)] : []), [draft])
  const texts = useMemo(() => (draft ? textMessages(draft, lang) : []), [draft, lang])
  useEffect(() => {
    if (saved && !draft) setDraft(saved)
  }, [saved, draft])

  if (company.isError) {
    return <Retry message={t('studio.theme.loadError')} onRetry={() => void company.refetch()} />
  }
  if (!draft || !company.data) return <Loading message={t('studio.loading')} />
  const changed = JSON.stringify(draft) !== JSON.stringify(saved)
  const problems = settingsProblems(withDraft(company.data, draft))
  const textSection = section === 'menus' || section === 'home' || section === 'legal'
  // the texts show on the page in the language being edited, when the site has that language
  const langs: Partial<Record<string, boolean>> = company.data.booker.langs
  const home = textSection && langs[lang] === true ? homeIn(lang) : homePath()
  return (
    <section aria-labelledby={`${id}-h`} className="studio-theme">
      <h1 id={`${id}-h`}>{t('studio.theme.heading')}</h1>
      <ul className="studio-collections" aria-label={t('studio.settings.sections')}>
        {SETTINGS_SECTIONS.map((name) => (
          <li key={name}>
            <button type="button" aria-pressed={section === name} onClick={() => setSection(name)}>
              {t(`studio.settings.section.${name}`)}
            </button>
          </li>
        ))}
      </ul>
      <div className="studio-theme__panes">
        <div className="studio-theme__form">
          <form
            className="studio-theme__form"
            onSubmit={(event) => {
              event.preventDefault()
              if (problems.length === 0) publish.mutate(draft)
            }}
          >
            {textSection && (
              <label>
                {t('studio.settings.textLanguage')}{' '}
                <select value={lang} onChange={(event) => setLang(event.target.value)}>
                  {LANGUAGES.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {textSection && langs[lang] !== true && (
              <p className="studio-hint">{t('studio.settings.previewLanguageOff')}</p>
            )}
            {section === 'theme' ? (
              <>
                <ImageUrlField
                  label={t('studio.theme.logo')}
                  value={draft.logo}
                  onChange={(logo) => setDraft({ ...draft, logo })}
                />
                <label htmlFor={`${id}-logo-size`}>{t('studio.settings.logoSize')}</label>
                <input
                  id={`${id}-logo-size`}
                  type="number"
                  min={16}
                  max={400}
                  value={draft.logoSize}
                  onChange={(event) => {
                    const size = Math.round(Number(event.target.value))
                    if (size > 0) setDraft({ ...draft, logoSize: size })
                  }}
                />
                <ThemeForm
                  themes={draft.themes}
                  onChange={(themes) => setDraft({ ...draft, themes })}
                />
              </>
            ) : (
              <SettingsSection section={section} lang={lang} draft={draft} onDraft={setDraft} />
            )}
            {problems.length > 0 && (
              <ul role="alert" aria-label={t('studio.settings.problems')}>
                {problems.map((p) => (
                  <li key={`${p.path}-${p.problem}`}>
                    {t(`studio.settings.problem.${p.problem}`, { field: p.path })}
                  </li>
                ))}
              </ul>
            )}
            <div className="studio-theme__actions">
              <button type="submit" disabled={publish.isPending || !changed || problems.length > 0}>
                {t('studio.theme.publish')}
              </button>
              <button type="button" disabled={!changed} onClick={() => setDraft(saved)}>
                {t('studio.theme.reset')}
              </button>
            </div>
            <p role="status">{publish.isSuccess && !changed ? t('studio.theme.published') : ''}</p>
            {publish.isError && <p role="alert">{t('studio.theme.publishError')}</p>}
          </form>
          {section === 'payment' && <KeyStore provider={draft.booker.payment.provider} />}
        </div>
        <PreviewFrame
          themes={draft.themes}
          path={homePath()}
          extra={extra}
          texts={texts}
          page={sectionPage(section, home)}
        />
      </div>
    </section>
  )
}
