import { parseClockTime } from '../slots/clock-time'
import { overlaps, type Range } from '../slots/ranges'

/**
 * Where one service can start on one day, from the availability answer (GET /api/appointments,
 * src/contract/availability.ts): an employee (the one picked, or any) works the whole service,
 * from a block start of cuttingHours minutes inside one of their working ranges (the server cuts
 * them on the shop's grid), with none of their events overlapping; where the answer lists cabins
 * (cabin management), a cabin free for the whole service too; and nothing the customer already
 * holds in their cart overlaps. Times are minutes since the shop's local midnight.
 */
export interface TimeRangeLike {
  start: string
  end: string
}

export interface EmployeeDayLike {
  m_id: string
  m_displayname: string
  m_workingHours: readonly TimeRangeLike[]
  m_event: readonly TimeRangeLike[]
  m_SbSelectionActive: boolean
}

export interface CabinDayLike {
  m_id: string
  m_event: readonly TimeRangeLike[]
}

export interface DayLike {
  m_tabres: readonly EmployeeDayLike[]
  m_tabresC: readonly CabinDayLike[]
}

export interface FreeSlot {
  /** minutes since local midnight */
  start: number
  end: number
  /** employees free for the whole service, in answer order */
  employeeIds: string[]
  /** free cabins (empty when the shop books no cabin) */
  cabinIds: string[]
}

export interface FreeSlotOptions {
  /** the service's duration in minutes */
  duration: number
  cuttingHours: number
  /** a picked employee; null or undefined: anyone */
  employeeId?: string | null | undefined
  /** time already taken by the customer that day (other cart lines) */
  taken?: readonly Range[] | undefined
}

export function toRanges(ranges: readonly TimeRangeLike[]): Range[] {
  const out: Range[] = []
  for (const range of ranges) {
    const start = parseClockTime(range.start)
    const end = parseClockTime(range.end)
    if (start !== null && end !== null && end > start) out.push({ start, end })
  }
  return out
}

function freeOf(busy: readonly Range[], slot: Range): boolean {
  return !busy.some((range) => overlaps(range, slot))
}

export function freeSlots(day: DayLike, options: FreeSlotOptions): FreeSlot[] {
  const { duration } = options
  const step = options.cuttingHours > 0 ? options.cuttingHours : 30
  if (!(duration > 0)) return []
  const employees = day.m_tabres.filter(
    (employee) => !options.employeeId || employee.m_id === options.employeeId,
  )
  const cabins = day.m_tabresC.map((cabin) => ({ id: cabin.m_id, busy: toRanges(cabin.m_event) }))
  const taken = options.taken ?? []
  const byStart = new Map<number, FreeSlot>()
  for (const employee of employees) {
    const busy = toRanges(employee.m_event)
    for (const range of toRanges(employee.m_workingHours)) {
      for (let start = range.start; start + duration <= range.end; start += step) {
        const slot = { start, end: start + duration }
        if (!freeOf(busy, slot) || !freeOf(taken, slot)) continue
        const freeCabins = cabins.filter((cabin) => freeOf(cabin.busy, slot)).map((c) => c.id)
        if (cabins.length > 0 && freeCabins.length === 0) continue
        const existing = byStart.get(start)
        if (existing) existing.employeeIds.push(employee.m_id)
        else byStart.set(start, { ...slot, employeeIds: [employee.m_id], cabinIds: freeCabins })
      }
    }
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start)
}

/** The employees a customer may pick by name (m_SbSelectionActive), over every day, by name. */
export function selectableEmployees(
  days: Readonly<Record<string, DayLike>>,
): { id: string; name: string }[] {
  const seen = new Map<string, string>()
  for (const day of Object.values(days)) {
    for (const employee of day.m_tabres) {
      if (employee.m_SbSelectionActive && !seen.has(employee.m_id)) {
        seen.set(employee.m_id, employee.m_displayname)
      }
    }
  }
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
}

/** The dates 'YYYY-MM-DD' from `start`, `count` days (UTC calendar arithmetic, no zone). */
/** The ISO date `days` days after `date` (before it when negative); '' for an unreadable date. */
export function addDays(date: string, days: number): string {
  const base = Date.parse(`${date}T00:00:00Z`)
  return Number.isNaN(base) ? '' : new Date(base + days * 86_400_000).toISOString().slice(0, 10)
}

export function datesFrom(start: string, count: number): string[] {
  const base = Date.parse(`${start}T00:00:00Z`)
  if (Number.isNaN(base)) return []
  return Array.from({ length: Math.max(0, count) }, (_, i) =>
    new Date(base + i * 86_400_000).toISOString().slice(0, 10),
  )
}
