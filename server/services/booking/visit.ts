import { fitsIn, overlapsAny, type Range } from '#domain/slots/ranges.ts'

/**
 * Fitting a visit (one or more services chained back to back) into a day: each service needs a
 * qualified employee working and free over its whole range and, when it needs one, a suitable
 * cabin free over it. The services of a visit occupy disjoint ranges, so choosing the first
 * suitable resource for each in turn is exact: a choice never hurts a later service.
 */
export interface ServiceNeed {
  readonly serviceId: string
  /** minutes */
  readonly duration: number
  /** qualified employees, in order of preference */
  readonly employees: readonly string[]
  /** undefined: no cabin needed; otherwise the suitable cabins (empty: none can host it) */
  readonly cabins: readonly string[] | undefined
}

/** When a resource can be used (working time, or the shop's open time for a cabin) and when not. */
export interface ResourceDay {
  readonly working: readonly Range[]
  readonly busy: readonly Range[]
}

export interface Assignment {
  readonly serviceId: string
  readonly start: number
  readonly end: number
  readonly employeeId: string
  readonly cabinId: string | undefined
}

function isFree(id: string, range: Range, days: ReadonlyMap<string, ResourceDay>): boolean {
  const day = days.get(id)
  return day !== undefined && fitsIn(range, day.working) && !overlapsAny(range, day.busy)
}

/** The first free candidate, the one used just before first (a visit keeps its employee). */
function pick(
  candidates: readonly string[],
  previous: string | undefined,
  range: Range,
  days: ReadonlyMap<string, ResourceDay>,
): string | undefined {
  const ordered =
    previous !== undefined && candidates.includes(previous)
      ? [previous, ...candidates.filter((id) => id !== previous)]
      : candidates
  return ordered.find((id) => isFree(id, range, days))
}

/** The resources of each service of a visit starting at `start`, or undefined if it does not fit. */
export function assignVisit(
  start: number,
  needs: readonly ServiceNeed[],
  days: ReadonlyMap<string, ResourceDay>,
): Assignment[] | undefined {
  const assignments: Assignment[] = []
  let at = start
  for (const need of needs) {
    const range = { start: at, end: at + need.duration }
    const previous = assignments.at(-1)
    const employeeId = pick(need.employees, previous?.employeeId, range, days)
    if (employeeId === undefined) return undefined
    let cabinId: string | undefined
    if (need.cabins !== undefined) {
      cabinId = pick(need.cabins, previous?.cabinId, range, days)
      if (cabinId === undefined) return undefined
    }
    assignments.push({ serviceId: need.serviceId, ...range, employeeId, cabinId })
    at = range.end
  }
  return assignments
}

/** Every start (of `starts`) where the whole visit fits, with its resources. */
export function visitStarts(
  starts: readonly number[],
  needs: readonly ServiceNeed[],
  days: ReadonlyMap<string, ResourceDay>,
): { start: number; assignments: Assignment[] }[] {
  const out: { start: number; assignments: Assignment[] }[] = []
  for (const start of starts) {
    const assignments = assignVisit(start, needs, days)
    if (assignments) out.push({ start, assignments })
  }
  return out
}
