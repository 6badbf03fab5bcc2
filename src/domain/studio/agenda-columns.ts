import { COLLABORATOR_RESOURCE_TYPE } from '#contract/constants'
import type { OpeningHours } from '#contract/opening-hours'
import { type AgendaEvent, UNASSIGNED } from './agenda-events'

/**
 * The agenda's columns (docs/decisions/071-studio-app.md): the shop's employees, then its other
 * resources (cabins; the contract's `type` does not tell a cabin from an equipment), each in the
 * back office's order, and a column for appointments that name no resource when the day has one.
 * `visible` is left aside: it says whether visitors may pick a resource, and the demo cabins,
 * which visitors never pick, still hold appointments.
 */
export interface ResourceLike {
  readonly id: string
  readonly shopId: string
  readonly type: number
  readonly displayName: string
  readonly workingHours?: OpeningHours | undefined
}

export interface AgendaColumn {
  readonly id: string
  /** undefined for the unassigned column, which the view names in its language */
  readonly title?: string | undefined
  readonly kind: 'employee' | 'cabin' | 'unassigned'
  /** an employee's week, to shade the rest of the day; none for cabins and the unassigned */
  readonly hours?: OpeningHours | undefined
}

export function agendaColumns(
  resources: readonly ResourceLike[],
  shopId: string,
  events: readonly AgendaEvent[],
  resourceIds?: readonly string[] | undefined,
): AgendaColumn[] {
  const own = resources.filter(
    (r) => r.shopId === shopId && (!resourceIds || resourceIds.includes(r.id)),
  )
  const column = (r: ResourceLike): AgendaColumn =>
    r.type === COLLABORATOR_RESOURCE_TYPE
      ? { id: r.id, title: r.displayName, kind: 'employee', hours: r.workingHours }
      : { id: r.id, title: r.displayName, kind: 'cabin' }
  const employees = own.filter((r) => r.type === COLLABORATOR_RESOURCE_TYPE).map(column)
  const others = own.filter((r) => r.type !== COLLABORATOR_RESOURCE_TYPE).map(column)
  const known = new Set(own.map((r) => r.id))
  // an appointment on a removed resource, or another's (a practitioner's view), goes unassigned
  const orphan = events.some((e) => e.resourceId === UNASSIGNED || !known.has(e.resourceId))
  return [
    ...employees,
    ...others,
    ...(orphan ? [{ id: UNASSIGNED, kind: 'unassigned' as const }] : []),
  ]
}

/** The column an event shows in: its resource's, or the unassigned one. */
export function columnOf(event: AgendaEvent, columns: readonly AgendaColumn[]): string {
  return columns.some((c) => c.id === event.resourceId) ? event.resourceId : UNASSIGNED
}
