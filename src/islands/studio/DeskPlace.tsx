import { useId } from 'react'
import type { AgendaColumn } from '#domain/studio/agenda-columns'
import { useStudioText } from './studio-text'

/** Where a visit goes: the shop's day, a time and a column (empty: anyone free). */
export interface DeskPlaceValue {
  readonly day: string
  /** 'HH:MM' */
  readonly time: string
  readonly resourceId: string
}

/**
 * The keyboard path to a slot (docs/decisions/077-desk-booking.md), for a booking and a move:
 * native date, time and select fields. The columns are the agenda's: the ones the user sees.
 */
export function DeskPlace({
  value,
  columns,
  onChange,
}: {
  value: DeskPlaceValue
  columns: readonly AgendaColumn[]
  onChange: (value: DeskPlaceValue) => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const bookable = columns.filter((c) => c.kind !== 'unassigned')
  return (
    <p className="studio-desk-place">
      <label htmlFor={`${id}-day`}>{t('studio.desk.day')}</label>
      <input
        id={`${id}-day`}
        type="date"
        required
        value={value.day}
        onChange={(e) => onChange({ ...value, day: e.target.value })}
      />
      <label htmlFor={`${id}-time`}>{t('studio.desk.time')}</label>
      <input
        id={`${id}-time`}
        type="time"
        required
        step={300}
        value={value.time}
        onChange={(e) => onChange({ ...value, time: e.target.value })}
      />
      <label htmlFor={`${id}-resource`}>{t('studio.desk.resource')}</label>
      <select
        id={`${id}-resource`}
        value={value.resourceId}
        onChange={(e) => onChange({ ...value, resourceId: e.target.value })}
      >
        {bookable.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title ?? c.id}
          </option>
        ))}
      </select>
    </p>
  )
}
