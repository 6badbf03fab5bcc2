import { useEffect, useRef } from 'react'
import { fullDays } from '../waitlist/join-state'
import { WaitlistJoin } from '../waitlist/WaitlistJoin'
import { dateLabel, timeLabel } from './dates'
import { SlotGrid } from './SlotGrid'
import type { SlotPickerProps } from './types'
import { useSlotPicker } from './use-slot-picker'

export type { ChosenSlot } from './slot-picker-state'
export type { SlotPickerProps } from './types'

/**
 * The slot picker (docs/product/4-states.md#booking-cart) over GET /api/appointments: the days of a
 * window (7 on desktop, 4 on phones), the free starts of each day
 * (src/domain/booking/free-slots.ts) for a chosen employee or anyone, loading, empty and error
 * states. The times form an ARIA grid (SlotGrid); the choice is announced in a live region. State
 * in slot-picker-state.ts, effects in use-slot-picker.ts.
 */
export function SlotPicker(props: SlotPickerProps) {
  const { t, selected } = props
  const picker = useSlotPicker(props)
  const { status, employeeId, from } = picker.state
  const { dispatch, days, today } = picker
  const empty = status === 'ready' && picker.rows === 0
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { focusOnMount } = props
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus()
  }, [focusOnMount])

  const when = selected
    ? t.t('booking.slotWhen', {
        date: dateLabel(selected.date, t.locale),
        time: timeLabel(selected.start, t.locale),
      })
    : ''

  return (
    <div className="slot-picker">
      <h3 id="slot-picker-title" ref={headingRef} tabIndex={-1}>
        {t.t('booking.chooseSlot')}
      </h3>
      {picker.employees.length > 0 && (
        <p className="slot-picker__employee">
          <label htmlFor="slot-picker-employee">{t.t('booking.chooseEmployee')}</label>
          <select
            id="slot-picker-employee"
            value={employeeId}
            onChange={(event) => dispatch({ type: 'employee', employeeId: event.target.value })}
          >
            <option value="">{t.t('booking.anyEmployee')}</option>
            {picker.employees.map((employee) => (
              <option key={employee.id} value={employee.id}>
                {employee.name}
              </option>
            ))}
          </select>
        </p>
      )}
      <div className="slot-picker__nav">
        <button
          type="button"
          className="button button--secondary"
          disabled={from <= today || status === 'loading'}
          onClick={() => dispatch({ type: 'shift', delta: -days, today })}
        >
          {t.t('booking.previousDays')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={status === 'loading'}
          onClick={() => dispatch({ type: 'shift', delta: days, today })}
        >
          {t.t('booking.nextDays')}
        </button>
      </div>
      <div aria-live="polite" className="slot-picker__status">
        {status === 'loading' && <p role="status">{t.t('booking.loading')}</p>}
        {empty && (
          <p>
            {t.t('booking.noSlot')}. {t.t('booking.noSlotHint')}
          </p>
        )}
      </div>
      {status === 'error' && (
        <div role="alert" className="slot-picker__error">
          <p>{t.t('booking.error')}</p>
          <button type="button" className="button" onClick={() => dispatch({ type: 'retry' })}>
            {t.t('booking.retry')}
          </button>
        </div>
      )}
      {status === 'ready' && !empty && (
        <SlotGrid
          t={t}
          dates={picker.dates}
          columns={picker.columns}
          rows={picker.rows}
          selected={selected}
          active={picker.active}
          onKeyDown={picker.onKeyDown}
          choose={picker.choose}
          cellRef={picker.cellRef}
        />
      )}
      {status === 'ready' && (
        <WaitlistJoin
          t={t}
          shopId={props.shop.id}
          serviceId={props.serviceId}
          days={fullDays(
            picker.dates,
            picker.columns.map((c) => c.length),
            today,
          )}
        />
      )}
      <p aria-live="polite" aria-atomic="true" className="slot-picker__chosen">
        {selected ? t.t('booking.slotChosen', { when }) : ''}
        {selected?.employeeName ? ` – ${t.t('booking.with', { name: selected.employeeName })}` : ''}
      </p>
    </div>
  )
}
