import { WEEKDAYS, type Weekday } from '#contract/opening-hours'
import {
  type DayValues,
  NEW_DAY_RANGE,
  type RangeValues,
  type WeekValues,
} from '#domain/studio/week-hours'
import { useStudioText } from '../studio-text'

/** The weekday's name in the studio's language (1 January 2024 was a Monday). */
export function weekdayName(day: Weekday, locale: string): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)))
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date)
}

/**
 * A week of hours (docs/decisions/087-studio-shops-and-team.md): per weekday a checkbox (open or
 * not) and two ranges of time inputs, the second optional; native inputs, so a keyboard and a
 * phone's time picker both work. `error` names the day the rule refused.
 */
export function WeekHoursFields({
  values,
  onChange,
  legend,
  error,
}: {
  values: WeekValues
  onChange: (values: WeekValues) => void
  legend: string
  error?: Weekday | undefined
}) {
  const { t, locale } = useStudioText()
  const set = (day: Weekday, change: Partial<DayValues>) =>
    onChange({ ...values, [day]: { ...values[day], ...change } })
  const setRange = (day: Weekday, index: 0 | 1, change: Partial<RangeValues>) => {
    const ranges: [RangeValues, RangeValues] = [...values[day].ranges]
    ranges[index] = { ...ranges[index], ...change }
    set(day, { ranges })
  }
  return (
    <fieldset className="studio-week">
      <legend>{legend}</legend>
      {WEEKDAYS.map((day) => {
        const name = weekdayName(day, locale)
        const { open, ranges } = values[day]
        const time = (index: 0 | 1, edge: 'start' | 'end', label: string) => (
          <label>
            {label}
            <input
              type="time"
              name={`${day}-${index}-${edge}`}
              value={ranges[index][edge]}
              required={index === 0}
              onChange={(e) => setRange(day, index, { [edge]: e.target.value })}
            />
          </label>
        )
        return (
          <div key={day} className="studio-week-day">
            <label className="studio-check">
              <input
                type="checkbox"
                name={`${day}-open`}
                checked={open}
                onChange={(e) =>
                  set(day, {
                    open: e.target.checked,
                    ranges: ranges[0].start ? ranges : [NEW_DAY_RANGE, ranges[1]],
                  })
                }
              />
              {t('studio.shops.hours.openOn', { day: name })}
            </label>
            {open && (
              <>
                {time(0, 'start', t('studio.shops.hours.from', { day: name }))}
                {time(0, 'end', t('studio.shops.hours.to', { day: name }))}
                {time(1, 'start', t('studio.shops.hours.thenFrom', { day: name }))}
                {time(1, 'end', t('studio.shops.hours.thenTo', { day: name }))}
              </>
            )}
            {error === day && (
              <p role="alert" className="studio-error">
                {t('studio.shops.hours.invalid', { day: name })}
              </p>
            )}
          </div>
        )
      })}
    </fieldset>
  )
}
