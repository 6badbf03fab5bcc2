import { wallClockDateTime } from '#domain/account/order-dates'
import { linkFromHash } from '../manage/manage-state'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { ConsentFormCard } from './ConsentFormCard'
import { type ConsentTargetRef, useConsent } from './use-consent'

interface Props extends TranslatedProps {
  iso: string
}

/**
 * The page of the consent e-mail's link (docs/decisions/080-consent-record.md), also opened from
 * the customer's visit in their account (`?order=`, signed in). The link rides in the fragment,
 * never sent to a server by the browser. A page without either says so.
 */
export default function ConsentIsland({ iso, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  if (!mounted) return null
  const link = linkFromHash(window.location.hash)
  const orderId = new URLSearchParams(window.location.search).get('order')
  const target: ConsentTargetRef | undefined = link ? { link } : orderId ? { orderId } : undefined
  if (!target) return <p role="alert">{t.t('consent.linkMissing')}</p>
  return <ConsentPage target={target} iso={iso} {...props} />
}

function ConsentPage({ target, iso, ...props }: Props & { target: ConsentTargetRef }) {
  const t = useTranslator(props)
  const { view, error, busy, sign } = useConsent(target, props.locale, t)
  const when = (iso8601: string) =>
    new Intl.DateTimeFormat(iso, { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(iso8601),
    )
  if (!view) {
    return error ? <p role="alert">{error}</p> : <p role="status">{t.t('consent.loading')}</p>
  }
  const unsigned = view.forms.filter((f) => !f.signed).length
  return (
    <div className="consent-page">
      <p>
        {t.t('consent.intro', {
          number: view.ideorder,
          when: wallClockDateTime(view.visitStart, iso),
          shop: view.shopName,
        })}
      </p>
      {error && <p role="alert">{error}</p>}
      {view.forms.length === 0 && <p>{t.t('consent.nothing')}</p>}
      {view.forms.map((form) => (
        <ConsentFormCard
          key={form.templateId}
          form={form}
          t={t}
          when={when}
          busy={busy === form.templateId}
          onSign={(name) => void sign(form.templateId, form.versionId, name)}
        />
      ))}
      {view.forms.length > 0 && unsigned === 0 && (
        <p className="consent-done" role="status">
          {t.t('consent.allSigned')}
        </p>
      )}
    </div>
  )
}
