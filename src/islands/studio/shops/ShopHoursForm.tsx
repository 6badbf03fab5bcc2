import { type FormEvent, useState } from 'react'
import type { Weekday } from '#contract/opening-hours'
import type { Shop } from '#contract/shop'
import { hasMoreRanges, hoursOf, weekFormOf } from '#domain/studio/week-hours'
import { useStudioText } from '../studio-text'
import { WeekHoursFields } from './WeekHoursFields'

/** A shop's opening hours per weekday and whether it takes online booking. */
export function ShopHoursForm({
  shop,
  onSave,
  saving,
}: {
  shop: Shop
  onSave: (shop: Shop) => void
  saving: boolean
}) {
  const { t } = useStudioText()
  const [week, setWeek] = useState(() => weekFormOf(shop.openingHours))
  const [active, setActive] = useState(shop.booker.active)
  const [error, setError] = useState<Weekday | undefined>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const read = hoursOf(week)
    if ('error' in read) return setError(read.error)
    setError(undefined)
    onSave({ ...shop, openingHours: read.hours, booker: { ...shop.booker, active } })
  }
  return (
    <form className="studio-catalogue-form" onSubmit={submit}>
      <label className="studio-check">
        <input
          type="checkbox"
          name="active"
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
        />
        {t('studio.shops.bookingActive')}
      </label>
      {hasMoreRanges(shop.openingHours) && (
        <p className="studio-hint">{t('studio.shops.hours.moreRanges')}</p>
      )}
      <WeekHoursFields
        values={week}
        onChange={setWeek}
        legend={t('studio.shops.hours.legend')}
        error={error}
      />
      <div className="studio-catalogue-actions">
        <button type="submit" disabled={saving}>
          {t('studio.shops.saveHours')}
        </button>
      </div>
    </form>
  )
}
