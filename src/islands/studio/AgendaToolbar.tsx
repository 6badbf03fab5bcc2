import { useId } from 'react'
import type { Shop } from '#contract/shop'
import { readDay, shiftDay, shopToday } from '#domain/studio/agenda-day'
import { useStudioText } from './studio-text'

interface ToolbarProps {
  shops: readonly Shop[]
  shop: Shop
  day: string
  onShop: (shopId: string) => void
  onDay: (day: string) => void
}

/** Shop picker and the day's navigation: native controls, so keyboard and screen readers work. */
export function AgendaToolbar({ shops, shop, day, onShop, onDay }: ToolbarProps) {
  const { t, locale } = useStudioText()
  const id = useId()
  const title = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${day}T12:00:00Z`))
  return (
    <div className="studio-toolbar">
      <h1>
        {t('studio.agenda.heading')} <span className="studio-day-title">{title}</span>
      </h1>
      {shops.length > 1 && (
        <p>
          <label htmlFor={`${id}-shop`}>{t('studio.agenda.shop')}</label>
          <select id={`${id}-shop`} value={shop.id} onChange={(e) => onShop(e.target.value)}>
            {shops.map((s) => (
              <option key={s.id} value={s.id}>
                {s.publicInfo.name}
              </option>
            ))}
          </select>
        </p>
      )}
      <p className="studio-day-nav">
        <button type="button" onClick={() => onDay(shiftDay(day, -1))}>
          <span aria-hidden="true">‹ </span>
          {t('studio.agenda.previous')}
        </button>
        <label htmlFor={`${id}-day`}>{t('studio.agenda.day')}</label>
        <input
          id={`${id}-day`}
          type="date"
          value={day}
          onChange={(e) => {
            const chosen = readDay(e.target.value)
            if (chosen) onDay(chosen)
          }}
        />
        <button type="button" onClick={() => onDay(shiftDay(day, 1))}>
          {t('studio.agenda.next')}
          <span aria-hidden="true"> ›</span>
        </button>
        <button type="button" onClick={() => onDay(shopToday(shop.timeZone))}>
          {t('studio.agenda.today')}
        </button>
      </p>
    </div>
  )
}
