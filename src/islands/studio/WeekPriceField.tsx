import { useId } from 'react'
import { useStudioText } from './studio-text'

/**
 * The optional week price of a service or a product
 * (docs/decisions/092-week-prices-and-online-booking.md), with a line saying what it means for
 * the visitor: while it is set, the site shows and charges it instead of the list price.
 */
export function WeekPriceField({
  value,
  onChange,
  invalid,
}: {
  value: string
  onChange: (weekPrice: string) => void
  /** the form refused it: said to assistive technology too */
  invalid: boolean
}) {
  const { t } = useStudioText()
  const id = useId()
  return (
    <>
      <label>
        {t('studio.catalogue.weekPrice')}
        <input
          name="weekPrice"
          inputMode="decimal"
          value={value}
          aria-describedby={`${id}-hint`}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <p id={`${id}-hint`} className="studio-hint">
        {t('studio.catalogue.weekPriceHint')}
      </p>
    </>
  )
}
