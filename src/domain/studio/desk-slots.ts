/**
 * The desk's times (docs/decisions/077-desk-booking.md): shop wall clock 'YYYY-MM-DDTHH:MM'
 * strings, computed as on a clock face (a DST change in between does not count), as the agenda
 * shows them (agenda-events.ts).
 */

const wallMs = (local: string) => Date.parse(`${local}:00Z`)
const wallOf = (ms: number) => new Date(ms).toISOString().slice(0, 16)

/** A Date the calendar gives (browser zone, shop wall-clock fields) back to the shop's clock. */
export function wallClockOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

export interface DeskService {
  readonly id: string
  /** minutes */
  readonly duration: number
}

export interface PlannedSlot {
  readonly serviceId: string
  readonly start: string
  readonly end: string
  readonly resourceId?: string | undefined
}

/**
 * One visit of several services at the desk: each starts where the one before ends, in the
 * order picked, all in the chosen column. A visit that would run past midnight is refused
 * (undefined): an appointment starts and ends on one day.
 */
export function chainSlots(
  start: string,
  services: readonly DeskService[],
  resourceId?: string,
): PlannedSlot[] | undefined {
  const slots: PlannedSlot[] = []
  let at = start
  for (const service of services) {
    const end = wallOf(wallMs(at) + service.duration * 60_000)
    if (end.slice(0, 10) !== start.slice(0, 10)) return undefined
    slots.push({ serviceId: service.id, start: at, end, ...(resourceId ? { resourceId } : {}) })
    at = end
  }
  return slots
}

/**
 * A dragged appointment moves its whole visit: the visit's first start shifts by as much as the
 * dragged appointment did (the server moves visits, keeping each service's place in it).
 */
export function visitStartAfterDrop(visitStart: string, dragged: string, dropped: string): string {
  return wallOf(wallMs(visitStart) + wallMs(dropped) - wallMs(dragged))
}

/** The earliest start of a visit's appointments in the agenda. */
export function visitStart(
  appointments: readonly { readonly start: string }[],
): string | undefined {
  return appointments.map((a) => a.start).sort()[0]
}
