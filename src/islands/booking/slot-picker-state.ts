import type { AvailabilityPeriod } from '#contract/availability'
import type { AppointmentsPeriodQueryInput } from '#contract/calls/appointments'
import { addDays, type FreeSlot, freeSlots } from '#domain/booking/free-slots'
import { firstCell, type GridPosition } from '#domain/booking/grid-nav'
import type { Range } from '#domain/slots/ranges'

/**
 * The slot picker's state (SlotPicker.tsx is its view, use-slot-picker.ts its effects): the
 * window's first day, the availability answer and its loading, the employee filter; and the pure
 * rules the view reads. Unit-tested in slot-picker-state.test.ts.
 */
export interface ChosenSlot {
  date: string
  start: number
  end: number
  /** the picked employee, or null for anyone */
  employeeId: string | null
  employeeName: string | null
}

export type LoadStatus = 'loading' | 'error' | 'ready'

export interface SlotPickerState {
  /** the window's first day, 'YYYY-MM-DD' */
  from: string
  status: LoadStatus
  /** the last answer (kept while the next one loads) */
  period: AvailabilityPeriod
  /** '' for anyone */
  employeeId: string
  /** counts retries: a new attempt asks again */
  attempt: number
}

export type SlotPickerAction =
  | { type: 'loading' }
  | { type: 'loaded'; period: AvailabilityPeriod }
  | { type: 'failed' }
  | { type: 'retry' }
  /** the window moves by `delta` days, never before `today` */
  | { type: 'shift'; delta: number; today: string }
  | { type: 'employee'; employeeId: string }

export function initialSlotPickerState(today: string): SlotPickerState {
  return { from: today, status: 'loading', period: {}, employeeId: '', attempt: 0 }
}

export function slotPickerReducer(
  state: SlotPickerState,
  action: SlotPickerAction,
): SlotPickerState {
  switch (action.type) {
    case 'loading':
      return { ...state, status: 'loading' }
    case 'loaded':
      return { ...state, period: action.period, status: 'ready' }
    case 'failed':
      return { ...state, status: 'error' }
    case 'retry':
      return { ...state, attempt: state.attempt + 1 }
    case 'shift': {
      const next = addDays(state.from, action.delta) || state.from
      // biome-ignore lint/complexity/useMathMinMax: ISO dates are strings
      return { ...state, from: next < action.today ? action.today : next }
    }
    case 'employee':
      return { ...state, employeeId: action.employeeId }
  }
}

export interface PeriodRequest {
  shopId: string
  serviceId: string
  mode: '1' | '2'
  equipment: boolean
}

/** GET /api/appointments for the window's dates. */
export function periodQuery(
  request: PeriodRequest,
  dates: readonly string[],
  from: string,
): AppointmentsPeriodQueryInput {
  return {
    shopId: request.shopId,
    servicesId: request.serviceId,
    start: from,
    end: dates.at(-1) ?? from,
    mode: request.mode,
    equipment: request.equipment ? '1' : '0',
  }
}

/** Employee id -> display name, from every day of the answer. */
export function employeeNames(period: AvailabilityPeriod): Map<string, string> {
  const all = new Map<string, string>()
  for (const day of Object.values(period)) {
    for (const e of day.m_tabres) all.set(e.m_id, e.m_displayname)
  }
  return all
}

export interface ColumnOptions {
  duration: number
  cuttingHours: number
  employeeId: string
  takenOn(date: string): Range[]
}

/** One column of free starts per date (src/domain/booking/free-slots.ts). */
export function slotColumns(
  dates: readonly string[],
  period: AvailabilityPeriod,
  options: ColumnOptions,
): FreeSlot[][] {
  return dates.map((date) => {
    const day = period[date]
    if (!day) return []
    return freeSlots(day, {
      duration: options.duration,
      cuttingHours: options.cuttingHours,
      employeeId: options.employeeId || null,
      taken: options.takenOn(date),
    })
  })
}

/** The grid's one tabbable cell: the selected slot when visible, else the first time. */
export function rovingCell(
  columns: readonly FreeSlot[][],
  dates: readonly string[],
  selected: Pick<ChosenSlot, 'date' | 'start'> | null,
): GridPosition | null {
  const col = selected ? dates.indexOf(selected.date) : -1
  const row = col >= 0 ? (columns[col] ?? []).findIndex((s) => s.start === selected?.start) : -1
  return row >= 0 ? { col, row } : firstCell(columns.map((column) => column.length))
}

/** What choosing `slot` on `date` tells the booking island. */
export function chosenSlot(
  date: string,
  slot: FreeSlot,
  employeeId: string,
  names: ReadonlyMap<string, string>,
): ChosenSlot {
  const picked = employeeId || null
  return {
    date,
    start: slot.start,
    end: slot.end,
    employeeId: picked,
    employeeName: picked ? (names.get(picked) ?? null) : null,
  }
}
