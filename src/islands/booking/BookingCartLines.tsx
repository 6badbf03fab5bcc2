import type { BookingSlot } from '#domain/booking/booking-line'
import type { AppTranslator } from '#i18n/messages'
import type { CartLine } from './booking-cart-state'

interface BookingCartLinesProps {
  t: AppTranslator
  lines: readonly CartLine[]
  price(amount: number): string
  when(slot: BookingSlot): string
  /** no removal while holding or once done */
  disabled: boolean
  remove(line: CartLine): void
}

/** The booking cart's lines: service, when, with whom, price, remove. */
export function BookingCartLines({
  t,
  lines,
  price,
  when,
  disabled,
  remove,
}: BookingCartLinesProps) {
  return (
    <ul className="booking-cart__lines">
      {lines.map((line) => (
        <li key={line.id} className="booking-cart__line">
          <div>
            <p className="booking-cart__name">{line.name}</p>
            <p>
              {when(line.slot)}
              {line.slot.employeeName
                ? ` – ${t.t('booking.with', { name: line.slot.employeeName })}`
                : ''}
            </p>
          </div>
          <p className="booking-cart__price" data-price={line.prices}>
            {price(line.prices)}
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={disabled}
            // the visible word starts the accessible name (WCAG 2.5.3 label in name)
            aria-label={`${t.t('cart.remove')} – ${line.name}, ${when(line.slot)}`}
            onClick={() => remove(line)}
          >
            {t.t('cart.remove')}
          </button>
        </li>
      ))}
    </ul>
  )
}
