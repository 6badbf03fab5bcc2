import { type FormEvent, useId, useState } from 'react'
import type { ConsentTemplate, ConsentTemplateBody } from '#contract/consent'
import { CONSENT_LOCALES, type ConsentLocale, type ConsentTexts } from '#domain/consent/rules'
import { useStudioText } from '../studio-text'

export interface ServiceOption {
  readonly id: string
  readonly name: string
}

/**
 * Writes a template: its service, plain text or the small HTML subset, and the title and body in
 * each of the five languages (the company's default one required: the server says which is
 * missing). Saving an existing template publishes its next version.
 */
export function ConsentEditor({
  template,
  services,
  busy,
  error,
  onSave,
  onCancel,
}: {
  template?: ConsentTemplate | undefined
  services: readonly ServiceOption[]
  busy: boolean
  error: string
  onSave: (body: ConsentTemplateBody) => void
  onCancel: () => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const [serviceId, setServiceId] = useState(template?.serviceId ?? services[0]?.id ?? '')
  const [format, setFormat] = useState(template?.version.format ?? 'text')
  const [texts, setTexts] = useState<ConsentTexts>(template?.version.texts ?? {})
  const [language, setLanguage] = useState<ConsentLocale>('fr')
  const current = texts[language] ?? { title: '', body: '' }
  const edit = (field: 'title' | 'body', value: string) =>
    setTexts({ ...texts, [language]: { ...current, [field]: value } })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // a language left wholly empty is not sent: only the ones written count
    const written = Object.fromEntries(
      Object.entries(texts).filter(([, x]) => x.title.trim() !== '' || x.body.trim() !== ''),
    )
    onSave({ serviceId, format, texts: written })
  }
  return (
    <form className="studio-consent-editor" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {template
          ? t('studio.consent.editHeading', { version: template.version.number + 1 })
          : t('studio.consent.newHeading')}
      </h2>
      <label htmlFor={`${id}-service`}>{t('studio.consent.service')}</label>
      <select id={`${id}-service`} value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
        {services.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-format`}>{t('studio.consent.format')}</label>
      <select
        id={`${id}-format`}
        value={format}
        onChange={(e) => setFormat(e.target.value === 'html' ? 'html' : 'text')}
      >
        <option value="text">{t('studio.consent.formatText')}</option>
        <option value="html">{t('studio.consent.formatHtml')}</option>
      </select>
      <fieldset>
        <legend>{t('studio.consent.language')}</legend>
        {CONSENT_LOCALES.map((l) => (
          <label key={l} className="studio-consent-language">
            <input
              type="radio"
              name={`${id}-language`}
              checked={language === l}
              onChange={() => setLanguage(l)}
            />
            {t(`studio.consent.lang.${l}`)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-title`}>{t('studio.consent.title')}</label>
      <input
        id={`${id}-title`}
        value={current.title}
        onChange={(e) => edit('title', e.target.value)}
      />
      <label htmlFor={`${id}-body`}>{t('studio.consent.body')}</label>
      <textarea
        id={`${id}-body`}
        rows={10}
        value={current.body}
        onChange={(e) => edit('body', e.target.value)}
      />
      {error && <p role="alert">{error}</p>}
      <p className="studio-consent-actions">
        <button type="submit" disabled={busy}>
          {template ? t('studio.consent.publish') : t('studio.consent.create')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('studio.consent.cancel')}
        </button>
      </p>
    </form>
  )
}
