import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { AvailabilityPeriod } from '../../contract/availability'
import {
  datesFrom,
  type FreeSlot,
  freeSlots,
  type Range,
  selectableEmployees,
} from '../../domain/booking/free-slots'
import { firstCell, type GridPosition, moveInGrid } from '../../domain/booking/grid-nav'
import { formatClockTime } from '../../domain/slots/clock-time'
import type { AppTranslator } from '../../i18n/messages'
import { islandApi } from '../shared/island-api'
import { dateLabel, todayIn } from './dates'
import type { OfferingShop } from './types'

export interface ChosenSlot {
  date: string
  start: number
  end: number
  /** the picked employee, or null for anyone */
  employeeId: string | null
  employeeName: string | null
}

interface Props {
  t: AppTranslator
  shop: OfferingShop
  serviceId: string
  duration: number
  cuttingHours: number
  mode: '1' | '2'
  equipment: boolean
  /** time the customer already holds that day (other cart lines) */
  takenOn(date: string): Range[]
  selected: ChosenSlot | null
  onSelect(slot: ChosenSlot): void
  /** move the focus to the picker's heading once mounted (after the shop choice dialog) */
  focusOnMount?: boolean | undefined
}

type Status = 'loading' | 'error' | 'ready'

function useDaysPerPage(): number {
  const query = '(min-width: 48em)'
  const [wide, setWide] = useState(() => window.matchMedia(query).matches)
  useEffect(() => {
    const list = window.matchMedia(query)
    const change = () => setWide(list.matches)
    list.addEventListener('change', change)
    return () => list.removeEventListener('change', change)
  }, [])
  return wide ? 7 : 4
}

/**
 * The slot picker (issue 6 §1) over GET /api/appointments: the days of a window (7 on desktop, 4
 * on phones), the free starts of each day (src/domain/booking/free-slots.ts) for a chosen
 * employee or anyone, loading, empty and error states. The times form an ARIA grid (one column
 * per day): one cell is in the tab order, arrow keys move (grid-nav.ts), Enter or Space choose,
 * and the choice is announced in a live region.
 */
export function SlotPicker(props: Props) {
  const {
    t,
    shop,
    serviceId,
    duration,
    cuttingHours,
    mode,
    equipment,
    takenOn,
    selected,
    onSelect,
  } = props
  const days = useDaysPerPage()
  const today = useMemo(() => todayIn(shop.timeZone), [shop.timeZone])
  const [from, setFrom] = useState(today)
  const [status, setStatus] = useState<Status>('loading')
  const [period, setPeriod] = useState<AvailabilityPeriod>({})
  const [employeeId, setEmployeeId] = useState('')
  const [active, setActive] = useState<GridPosition | null>(null)
  const [attempt, setAttempt] = useState(0)
  const cells = useRef(new Map<string, HTMLButtonElement>())
  const focusAfterRender = useRef(false)
  const dates = useMemo(() => datesFrom(from, days), [from, days])
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { focusOnMount } = props
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus()
  }, [focusOnMount])

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the request
  useEffect(() => {
    let live = true
    setStatus('loading')
    const end = dates.at(-1) ?? from
    islandApi.appointments
      .period({
        query: {
          shopId: shop.id,
          servicesId: serviceId,
          start: from,
          end,
          mode,
          equipment: equipment ? '1' : '0',
        },
      })
      .then((answer) => {
        if (!live) return
        setPeriod(answer)
        setStatus('ready')
      })
      .catch(() => {
        if (live) setStatus('error')
      })
    return () => {
      live = false
    }
  }, [shop.id, serviceId, from, dates, mode, equipment, attempt])

  const employees = useMemo(() => selectableEmployees(period), [period])
  const names = useMemo(() => {
    const all = new Map<string, string>()
    for (const day of Object.values(period)) {
      for (const e of day.m_tabres) all.set(e.m_id, e.m_displayname)
    }
    return all
  }, [period])

  const columns: FreeSlot[][] = useMemo(
    () =>
      dates.map((date) => {
        const day = period[date]
        if (!day) return []
        return freeSlots(day, {
          duration,
          cuttingHours,
          employeeId: employeeId || null,
          taken: takenOn(date),
        })
      }),
    [dates, period, duration, cuttingHours, employeeId, takenOn],
  )
  const lengths = columns.map((column) => column.length)
  const rows = Math.max(0, ...lengths)
  const empty = status === 'ready' && rows === 0

  // the roving cell: the selected one when visible, else the first time
  const selectedDate = selected?.date
  const selectedStart = selected?.start
  useEffect(() => {
    const selectedCol = selectedDate ? dates.indexOf(selectedDate) : -1
    const selectedRow =
      selectedCol >= 0
        ? (columns[selectedCol] ?? []).findIndex((s) => s.start === selectedStart)
        : -1
    setActive(
      selectedRow >= 0
        ? { col: selectedCol, row: selectedRow }
        : firstCell(columns.map((column) => column.length)),
    )
  }, [columns, dates, selectedDate, selectedStart])

  useEffect(() => {
    if (!focusAfterRender.current || !active) return
    focusAfterRender.current = false
    cells.current.get(`${active.col}:${active.row}`)?.focus()
  }, [active])

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!active) return
    const next = moveInGrid(lengths, active, event.key)
    if (!next) return
    event.preventDefault()
    focusAfterRender.current = true
    setActive(next)
    if (next.col === active.col && next.row === active.row) {
      cells.current.get(`${next.col}:${next.row}`)?.focus()
    }
  }

  const choose = useCallback(
    (date: string, slot: FreeSlot, position: GridPosition) => {
      setActive(position)
      const picked = employeeId || null
      onSelect({
        date,
        start: slot.start,
        end: slot.end,
        employeeId: picked,
        employeeName: picked ? (names.get(picked) ?? null) : null,
      })
    },
    [employeeId, names, onSelect],
  )

  const shift = (delta: number) => {
    const next = datesFrom(from, delta + 1).at(-1) ?? from
    // biome-ignore lint/complexity/useMathMinMax: ISO dates are strings
    setFrom(next < today ? today : next)
  }

  const when = selected
    ? t.t('booking.slotWhen', {
        date: dateLabel(selected.date, t.locale),
        time: formatClockTime(selected.start),
      })
    : ''

  return (
    <div className="slot-picker">
      <h3 id="slot-picker-title" ref={headingRef} tabIndex={-1}>
        {t.t('booking.chooseSlot')}
      </h3>
      {employees.length > 0 && (
        <p className="slot-picker__employee">
          <label htmlFor="slot-picker-employee">{t.t('booking.chooseEmployee')}</label>
          <select
            id="slot-picker-employee"
            value={employeeId}
            onChange={(event) => setEmployeeId(event.target.value)}
          >
            <option value="">{t.t('booking.anyEmployee')}</option>
            {employees.map((employee) => (
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
          onClick={() => shift(-days)}
        >
          {t.t('booking.previousDays')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={status === 'loading'}
          onClick={() => shift(days)}
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
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t.t('booking.retry')}
          </button>
        </div>
      )}
      {status === 'ready' && !empty && (
        <>
          <p id="slot-picker-help" className="slot-picker__help">
            {t.t('booking.gridHelp')}
          </p>
          <div className="slot-picker__scroll">
            <table
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA grid pattern on a table
              role="grid"
              className="slot-grid"
              aria-labelledby="slot-picker-title"
              aria-describedby="slot-picker-help"
              onKeyDown={onKeyDown}
            >
              <thead>
                <tr>
                  {dates.map((date) => (
                    <th key={date} scope="col">
                      <abbr title={dateLabel(date, t.locale)}>
                        {dateLabel(date, t.locale, 'short')}
                      </abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {Array.from({ length: rows }, (_, row) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
                  <tr key={row}>
                    {dates.map((date, col) => {
                      const slot = columns[col]?.[row]
                      if (!slot) {
                        return (
                          <td key={date} className="slot-grid__none">
                            {row === 0 ? t.t('booking.noSlotDay') : ''}
                          </td>
                        )
                      }
                      const isSelected = selected?.date === date && selected.start === slot.start
                      const isActive = active?.col === col && active.row === row
                      const time = formatClockTime(slot.start)
                      return (
                        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a td of a role=grid table is a gridcell
                        <td key={date} aria-selected={isSelected}>
                          <button
                            type="button"
                            className="slot-grid__time"
                            tabIndex={isActive ? 0 : -1}
                            aria-label={t.t('booking.slotWhen', {
                              date: dateLabel(date, t.locale),
                              time,
                            })}
                            ref={(element) => {
                              const key = `${col}:${row}`
                              if (element) cells.current.set(key, element)
                              else cells.current.delete(key)
                            }}
                            onClick={() => choose(date, slot, { col, row })}
                          >
                            {time}
                          </button>
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p aria-live="polite" aria-atomic="true" className="slot-picker__chosen">
        {selected ? t.t('booking.slotChosen', { when }) : ''}
        {selected?.employeeName ? ` – ${t.t('booking.with', { name: selected.employeeName })}` : ''}
      </p>
    </div>
  )
}
