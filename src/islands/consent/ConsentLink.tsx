import { useEffect, useState } from 'react'
import type { AppTranslator } from '#i18n/messages'
import { localizePath } from '#i18n/paths'
import { islandApi } from '../shared/island-api'

/**
 * On the customer's own visit in their account: the way to its consent forms when it has some
 * still to sign (docs/decisions/080-consent-record.md). Nothing while unknown or all signed.
 */
export function ConsentLink({ orderId, t }: { orderId: string; t: AppTranslator }) {
  const [unsigned, setUnsigned] = useState(0)
  const { locale } = t
  useEffect(() => {
    let live = true
    islandApi.consents
      .form({ body: { orderId, locale } })
      .then((view) => live && setUnsigned(view.forms.filter((f) => !f.signed).length))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [orderId, locale])
  if (unsigned === 0) return null
  const href = localizePath(`/payments/consent?order=${encodeURIComponent(orderId)}`, locale)
  return (
    <p>
      <a className="btn btn-primary" href={href}>
        {t.t('consent.open')}
      </a>
    </p>
  )
}
