import { useId } from 'react'
import type { Shop } from '#contract/shop'
import { readDay, shiftDay, shopToday } from '#domain/studio/agenda-day'
import { type AgendaView, viewRange } from './agenda-view'
import { useStudioText } from './studio-text'

interface ToolbarProps {
  shops: readonly Shop[]
  shop: Shop
  shown: { day: string; view: AgendaView }
  onShop: (shopId: string) => void
  onShown: (day: string, view: AgendaView) => void
}

/** Shop picker, day or week, and the navigation: native controls, for keyboards and readers. */
export function AgendaToolbar({ shops, shop, shown, onShop, onShown }: ToolbarProps) {
  const { t, locale } = useStudioText()
  const id = useId()
  const { day, view } = shown
  const date = (value: string, long: boolean) =>
    new Intl.DateTimeFormat(locale, {
      ...(long ? { weekday: 'long', year: 'numeric' } : {}),
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(Date.parse(`${value}T12:00:00Z`))
  const { from, to } = viewRange(day, view)
  const title =
    view === 'week'
      ? t('studio.agenda.weekTitle', { from: date(from, false), to: date(to, false) })
      : date(day, true)
  const step = view === 'week' ? 7 : 1
  const week = view === 'week'
  return (
    <div className="studio-toolbar">
      <h1>
        {t('studio.agenda.heading')} <span className="studio-day-title">{title}</span>
      </h1>
      <p>
        {shops.length > 1 && (
          <>
            <label htmlFor={`${id}-shop`}>{t('studio.agenda.shop')}</label>
            <select id={`${id}-shop`} value={shop.id} onChange={(e) => onShop(e.target.value)}>
              {shops.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.publicInfo.name}
                </option>
              ))}
            </select>
          </>
        )}
        <button type="button" aria-pressed={!week} onClick={() => onShown(day, 'day')}>
          {t('studio.agenda.dayView')}
        </button>
        <button type="button" aria-pressed={week} onClick={() => onShown(day, 'week')}>
          {t('studio.agenda.weekView')}
        </button>
      </p>
      <p>
        <button type="button" onClick={() => onShown(shiftDay(day, -step), view)}>
          <span aria-hidden="true">‹ </span>
          {t(week ? 'studio.agenda.previousWeek' : 'studio.agenda.previous')}
        </button>
        <label htmlFor={`${id}-day`}>{t('studio.agenda.day')}</label>
        <input
          id={`${id}-day`}
          type="date"
          value={day}
          onChange={(e) => {
            const chosen = readDay(e.target.value)
            if (chosen) onShown(chosen, view)
          }}
        />
        <button type="button" onClick={() => onShown(shiftDay(day, step), view)}>
          {t(week ? 'studio.agenda.nextWeek' : 'studio.agenda.next')}
          <span aria-hidden="true"> ›</span>
        </button>
        <button type="button" onClick={() => onShown(shopToday(shop.timeZone), view)}>
          {t('studio.agenda.today')}
        </button>
      </p>
    </div>
  )
}
