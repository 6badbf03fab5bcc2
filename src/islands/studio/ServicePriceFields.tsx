import { useId } from 'react'
import type { ServiceFormValues } from '#domain/studio/service-form'
import { useStudioText } from './studio-text'
import { WeekPriceField } from './WeekPriceField'

type PriceValues = Pick<ServiceFormValues, 'price' | 'weekPrice' | 'onlineBooking'>

/**
 * A service's list price, its optional week price and whether it is booked online
 * (docs/decisions/092-week-prices-and-online-booking.md). Each field says what it means for the
 * visitor: the week price replaces the list price on the site and at payment while it is set;
 * a service off online booking is still listed, with a "book at the salon" line instead of the
 * booking button.
 */
export function ServicePriceFields({
  values,
  onChange,
  weekPriceInvalid,
}: {
  values: PriceValues
  onChange: (change: Partial<PriceValues>) => void
  /** the week price was refused: the field says so to assistive technology too */
  weekPriceInvalid: boolean
}) {
  const { t } = useStudioText()
  const id = useId()
  return (
    <>
      <label>
        {t('studio.catalogue.price')}
        <input
          name="price"
          inputMode="decimal"
          value={values.price}
          onChange={(e) => onChange({ price: e.target.value })}
        />
      </label>
      <WeekPriceField
        value={values.weekPrice}
        invalid={weekPriceInvalid}
        onChange={(weekPrice) => onChange({ weekPrice })}
      />
      <label className="studio-check">
        <input
          type="checkbox"
          name="onlineBooking"
          checked={values.onlineBooking}
          aria-describedby={`${id}-online`}
          onChange={(e) => onChange({ onlineBooking: e.target.checked })}
        />
        {t('studio.catalogue.onlineBooking')}
      </label>
      <p id={`${id}-online`} className="studio-hint">
        {t(
          values.onlineBooking
            ? 'studio.catalogue.onlineBookingOn'
            : 'studio.catalogue.onlineBookingOff',
        )}
      </p>
    </>
  )
}
