import { type FormEvent, useState } from 'react'
import type { ClosedDay, OpenDay } from '#contract/calendar-day'
import { useStudioText } from '../studio-text'
import { useCalendarDays, useDayWrites } from './use-shops-team'

/**
 * A shop's closed days and exceptional open days (docs/decisions/087-studio-shops-and-team.md):
 * the days of this shop and those of every shop (the owner's: a manager sees them, removes
 * none). A closed day takes no booking; an open day's hours replace its weekday's.
 */
export function ShopDaysForm({ shopId, owner }: { shopId: string; owner: boolean }) {
  const { t, locale } = useStudioText()
  const { closed, open } = useCalendarDays()
  const { add, remove } = useDayWrites()
  const [kind, setKind] = useState<'closed' | 'open'>('closed')
  const [date, setDate] = useState('')
  const [label, setLabel] = useState('')
  const [start, setStart] = useState('10:00')
  const [end, setEnd] = useState('17:00')
  if (closed.isError || open.isError) {
    return (
      <p role="alert" className="studio-error">
        {t('studio.shops.days.loadError')}
      </p>
    )
  }
  if (!closed.data || !open.data) return <p role="status">{t('studio.loading')}</p>
  const here = <D extends ClosedDay | OpenDay>(days: readonly D[]) =>
    days.filter((d) => d.shopId === shopId || d.shopId === null)
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const text = label.trim() ? { [locale]: label.trim() } : {}
    const day = { date, shopId, label: text }
    const done = { onSuccess: () => setLabel('') }
    if (kind === 'closed') add.mutate({ kind, day }, done)
    else add.mutate({ kind, day: { ...day, hours: [{ start, end }] } }, done)
  }
  const row = (day: ClosedDay | OpenDay, which: 'closed' | 'open') => {
    const name = day.label[locale] ?? Object.values(day.label)[0] ?? ''
    const hours = 'hours' in day ? day.hours.map((h) => `${h.start}–${h.end}`).join(', ') : ''
    const what = t(which === 'closed' ? 'studio.shops.days.closedOn' : 'studio.shops.days.openOn', {
      date: when(day.date),
    })
    return (
      <li key={day.id}>
        <span>{[what, hours, name].filter(Boolean).join(' · ')}</span>
        {day.shopId === null && <span> ({t('studio.shops.days.everyShop')})</span>}
        {(owner || day.shopId !== null) && (
          <button
            type="button"
            onClick={() => remove.mutate({ kind: which, id: day.id })}
            aria-label={t('studio.shops.days.remove', { date: when(day.date) })}
          >
            {t('studio.shops.remove')}
          </button>
        )}
      </li>
    )
  }
  const failed = add.isError || remove.isError
  return (
    <>
      <ul className="studio-days">
        {here(closed.data).map((d) => row(d, 'closed'))}
        {here(open.data).map((d) => row(d, 'open'))}
      </ul>
      <form className="studio-catalogue-form" onSubmit={submit}>
        <fieldset>
          <legend>{t('studio.shops.days.add')}</legend>
          <label>
            {t('studio.shops.days.kind')}
            <select
              name="kind"
              value={kind}
              onChange={(e) => setKind(e.target.value === 'open' ? 'open' : 'closed')}
            >
              <option value="closed">{t('studio.shops.days.closed')}</option>
              <option value="open">{t('studio.shops.days.open')}</option>
            </select>
          </label>
          <label>
            {t('studio.shops.days.date')}
            <input
              type="date"
              name="date"
              required
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </label>
          <label>
            {t('studio.shops.days.label')}
            <input name="label" value={label} onChange={(e) => setLabel(e.target.value)} />
          </label>
          {kind === 'open' && (
            <>
              <label>
                {t('studio.shops.days.start')}
                <input
                  type="time"
                  name="start"
                  required
                  value={start}
                  onChange={(e) => setStart(e.target.value)}
                />
              </label>
              <label>
                {t('studio.shops.days.end')}
                <input
                  type="time"
                  name="end"
                  required
                  value={end}
                  onChange={(e) => setEnd(e.target.value)}
                />
              </label>
            </>
          )}
        </fieldset>
        {failed && (
          <p role="alert" className="studio-error">
            {t('studio.shops.days.saveError')}
          </p>
        )}
        <div className="studio-catalogue-actions">
          <button type="submit" disabled={add.isPending || (kind === 'open' && start >= end)}>
            {t('studio.shops.days.addButton')}
          </button>
        </div>
      </form>
    </>
  )
}
