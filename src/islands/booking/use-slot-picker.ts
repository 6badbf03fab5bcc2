import { type KeyboardEvent, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { datesFrom, type FreeSlot, selectableEmployees } from '#domain/booking/free-slots'
import { type GridPosition, moveInGrid } from '#domain/booking/grid-nav'
import { islandApi } from '../shared/island-api'
import { leaveForSiteState } from '../shared/site-state-redirect'
import { todayIn } from './dates'
import {
  chosenSlot,
  employeeNames,
  initialSlotPickerState,
  periodQuery,
  rovingCell,
  slotColumns,
  slotPickerReducer,
} from './slot-picker-state'
import type { SlotPickerProps } from './types'

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
 * The slot picker's effects: the days per page (7 on desktop, 4 on phones), GET
 * /api/appointments for the window, and the grid's roving focus (grid-nav.ts). State in
 * slot-picker-state.ts.
 */
export function useSlotPicker(props: SlotPickerProps) {
  const { shop, serviceId, mode, equipment, selected, onSelect } = props
  const { duration, cuttingHours, takenOn } = props
  const days = useDaysPerPage()
  const today = useMemo(() => todayIn(shop.timeZone), [shop.timeZone])
  const [state, dispatch] = useReducer(slotPickerReducer, today, initialSlotPickerState)
  const { from, period, employeeId, attempt } = state
  const [active, setActive] = useState<GridPosition | null>(null)
  const cells = useRef(new Map<string, HTMLButtonElement>())
  const focusAfterRender = useRef(false)
  const dates = useMemo(() => datesFrom(from, days), [from, days])

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the request
  useEffect(() => {
    let live = true
    dispatch({ type: 'loading' })
    islandApi.appointments
      .period({ query: periodQuery({ shopId: shop.id, serviceId, mode, equipment }, dates, from) })
      .then((answer) => {
        if (live) dispatch({ type: 'loaded', period: answer })
      })
      .catch((error: unknown) => {
        // docs/product/4-states.md: shops that cannot load send the visitor to /waiting
        if (live && !leaveForSiteState(error, 'shopData')) dispatch({ type: 'failed' })
      })
    return () => {
      live = false
    }
  }, [shop.id, serviceId, from, dates, mode, equipment, attempt])

  const employees = useMemo(() => selectableEmployees(period), [period])
  const names = useMemo(() => employeeNames(period), [period])
  const columns: FreeSlot[][] = useMemo(
    () => slotColumns(dates, period, { duration, cuttingHours, employeeId, takenOn }),
    [dates, period, duration, cuttingHours, employeeId, takenOn],
  )
  const lengths = columns.map((column) => column.length)

  const selectedDate = selected?.date
  const selectedStart = selected?.start
  useEffect(() => {
    const chosen =
      selectedDate === undefined || selectedStart === undefined
        ? null
        : { date: selectedDate, start: selectedStart }
    setActive(rovingCell(columns, dates, chosen))
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

  const choose = (date: string, slot: FreeSlot, position: GridPosition) => {
    setActive(position)
    onSelect(chosenSlot(date, slot, employeeId, names))
  }

  const cellRef = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) cells.current.set(key, element)
    else cells.current.delete(key)
  }

  return {
    state,
    dispatch,
    days,
    today,
    dates,
    employees,
    columns,
    rows: Math.max(0, ...lengths),
    active,
    onKeyDown,
    choose,
    cellRef,
  }
}
