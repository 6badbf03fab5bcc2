import { useEffect, useRef } from 'react'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import type { AppTranslator } from '#i18n/messages'
import type { OfferingShop } from './types'

interface Props {
  t: AppTranslator
  serviceName: string
  shops: OfferingShop[]
  money: MoneySettingsLike
  onChoose(shop: OfferingShop): void
  onCancel(): void
}

/**
 * docs/product/2-screens.md "Shop choice dialog": the shops offering the service, each with 'book' (online booking
 * open) or 'show more' (its page). A modal <dialog>: focus moves in, Escape closes, focus
 * returns to what opened it (the browser's own behaviour for showModal). 1024 px on desktop,
 * fullscreen on phones (src/styles/areas/_booking.scss).
 */
export function ShopChoiceDialog({ t, serviceName, shops, money, onChoose, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog
      ref={ref}
      className="booking-dialog"
      aria-labelledby="booking-dialog-title"
      aria-describedby="booking-dialog-intro"
      onClose={onCancel}
    >
      <div className="booking-dialog__head">
        <h2 id="booking-dialog-title">{t.t('booking.shopDialogTitle')}</h2>
        <button
          type="button"
          className="booking-dialog__close"
          onClick={() => ref.current?.close()}
        >
          {t.t('common.close')}
        </button>
      </div>
      <p id="booking-dialog-intro">{t.t('booking.shopDialogIntro', { service: serviceName })}</p>
      <ul className="booking-dialog__shops">
        {shops.map((shop) => (
          <li key={shop.id} className="booking-dialog__shop">
            <div>
              <h3>{shop.name}</h3>
              {shop.city && <p>{shop.city}</p>}
              <p className="booking-dialog__price" data-price={shop.price}>
                {formatMoney(shop.price, t.locale, money)}
              </p>
            </div>
            {shop.active ? (
              <button
                type="button"
                className="button"
                aria-label={`${t.t('booking.bookHere')} – ${shop.name}`}
                onClick={() => onChoose(shop)}
              >
                {t.t('booking.bookHere')}
              </button>
            ) : shop.href ? (
              <a className="button button--secondary" href={shop.href}>
                {t.t('booking.showMore')}
                <span className="visually-hidden"> – {shop.name}</span>
              </a>
            ) : (
              <p>{t.t('booking.onlineUnavailable')}</p>
            )}
          </li>
        ))}
      </ul>
    </dialog>
  )
}
