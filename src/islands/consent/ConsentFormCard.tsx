import { useId, useState } from 'react'
import type { ConsentForm } from '#contract/consent'
import type { AppTranslator } from '#i18n/messages'
import { ConsentBody } from './ConsentBody'

/**
 * One form: its text, then a typed full name and an explicit agreement box; a signed form shows
 * who signed and when instead. The button stays enabled: a missing name or box is said, not
 * silently blocked.
 */
export function ConsentFormCard({
  form,
  t,
  when,
  busy,
  onSign,
}: {
  form: ConsentForm
  t: AppTranslator
  when: (iso: string) => string
  busy: boolean
  onSign: (fullName: string) => void
}) {
  const id = useId()
  const [name, setName] = useState('')
  const [agreed, setAgreed] = useState(false)
  const [problem, setProblem] = useState('')
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (name.trim().length < 2) return setProblem(t.t('consent.nameRequired'))
    if (!agreed) return setProblem(t.t('consent.agreeRequired'))
    setProblem('')
    onSign(name.trim())
  }
  return (
    <article className="consent-form" aria-labelledby={`${id}-title`} lang={form.locale}>
      <h2 id={`${id}-title`}>{form.title}</h2>
      <ConsentBody body={form.body} format={form.format} />
      {form.signed ? (
        <p className="consent-signed" role="status">
          {t.t('consent.signed', { name: form.signed.fullName, when: when(form.signed.signedAt) })}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <label htmlFor={`${id}-name`}>{t.t('consent.fullName')}</label>
          <input
            id={`${id}-name`}
            name="fullName"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <label className="consent-agree">
            <input
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              required
            />
            <span>{t.t('consent.agree')}</span>
          </label>
          {problem && <p role="alert">{problem}</p>}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t.t('consent.signing') : t.t('consent.sign')}
          </button>
        </form>
      )}
    </article>
  )
}
