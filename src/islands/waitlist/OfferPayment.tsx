import { useState } from 'react'
import type { WaitlistEntry } from '#contract/waitlist'
import { shopTimeLabel } from '#domain/slots/shop-time-label'
import { LOCALE_INFO } from '#i18n/locales'
import type { AppTranslator } from '#i18n/messages'
import { type PaymentSettings, PaymentWithBack } from '../shared/forms/PaymentWithBack'
import { islandApi } from '../shared/island-api'

interface Props {
  t: AppTranslator
  entry: WaitlistEntry
  /** the held slot, as words */
  when: string
  /** the shop's time zone: the offer holds until a time of the shop */
  timeZone: string
  payment: PaymentSettings
  onPaid(): void
}

/**
 * A held offer (docs/decisions/040-waitlist.md): what is held and until when, then the normal
 * payment of the booking cart at that shop (POST /api/payment/initialize, purpose booking: the
 * server pays the customer's open cart there, which holds the offer) in the shared payment step.
 */
export function OfferPayment({ t, entry, when, timeZone, payment, onPaid }: Props) {
  const [paying, setPaying] = useState(false)
  const offer = entry.offer
  if (!offer) return null
  // the shop's clock, named where the visitor's differs (decision 064), not the browser's
  const visitorZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const until = shopTimeLabel(offer.expiresAt, timeZone, LOCALE_INFO[t.locale].iso, visitorZone)
  return (
    <div className="waitlist-offer__held">
      <p>{t.t('waitlist.offer.held', { when, until })}</p>
      {paying ? (
        <PaymentWithBack
          settings={payment}
          idPrefix="waitlist-payment"
          initialize={() =>
            islandApi.payment.initialize({ body: { purpose: 'booking', shopId: entry.shopId } })
          }
          onPaid={async () => onPaid()}
          backLabel={t.t('common.back')}
          payLabel={payment.provider === 'free' ? t.t('payment.confirmFree') : undefined}
          onBack={() => setPaying(false)}
        />
      ) : (
        <button type="button" className="button" onClick={() => setPaying(true)}>
          {t.t('waitlist.offer.pay')}
        </button>
      )}
    </div>
  )
}
