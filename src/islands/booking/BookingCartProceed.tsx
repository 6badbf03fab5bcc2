import type { AppTranslator } from '#i18n/messages'

interface BookingCartProceedProps {
  t: AppTranslator
  /** the booking can be paid, or needs no payment */
  payable: boolean
  signedIn: boolean
  servicePayment: boolean
  holding: boolean
  giftCode: string
  setGiftCode(value: string): void
  proceed(): void
  loginHref: string
  registerHref: string
}

/**
 * The cart's way on: payment unavailable, sign in or register, or (signed in) the gift voucher
 * code and "proceed", which holds the slots.
 */
export function BookingCartProceed(props: BookingCartProceedProps) {
  const { t } = props
  if (!props.payable) return <p>{t.t('payment.unavailable')}</p>
  if (!props.signedIn) {
    return (
      <div className="booking-cart__login">
        <p>{t.t('booking.loginRequired')}</p>
        <p>
          <a className="button" href={props.loginHref}>
            {t.t('booking.login')}
          </a>{' '}
          <a className="button button--secondary" href={props.registerHref}>
            {t.t('booking.register')}
          </a>
        </p>
      </div>
    )
  }
  return (
    <>
      {props.servicePayment && (
        <p className="booking-cart__gift">
          <label htmlFor="booking-gift-code">{t.t('booking.giftCode')}</label>
          <input
            id="booking-gift-code"
            type="text"
            autoComplete="off"
            value={props.giftCode}
            onChange={(event) => props.setGiftCode(event.target.value)}
          />
        </p>
      )}
      <button type="button" className="button" disabled={props.holding} onClick={props.proceed}>
        {t.t('booking.proceed')}
      </button>
      <p aria-live="polite">{props.holding ? t.t('booking.holding') : ''}</p>
    </>
  )
}
