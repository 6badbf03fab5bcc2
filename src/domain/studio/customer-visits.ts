/**
 * A customer's visits as the studio's profile lists them (docs/decisions/079-customer-files-and-erasure.md):
 * one line per appointment of their orders, coming ones soonest first, past ones latest first.
 * Appointments are in the shop's wall clock (ISO local date-times compare as text), so `now`
 * is the shop's too.
 */
export interface VisitOrder {
  readonly ideorder: string
  readonly status: string
  readonly appointments: readonly { id: string; serviceId: string; start: string }[]
}

export interface VisitLine {
  readonly id: string
  readonly ideorder: string
  readonly status: string
  readonly serviceId: string
  readonly start: string
}

export function splitVisits(orders: readonly VisitOrder[], now: string) {
  const lines: VisitLine[] = orders.flatMap((order) =>
    order.appointments.map((a) => ({
      id: a.id,
      ideorder: order.ideorder,
      status: order.status,
      serviceId: a.serviceId,
      start: a.start,
    })),
  )
  const coming = lines.filter((l) => l.start >= now).sort((a, b) => a.start.localeCompare(b.start))
  const past = lines.filter((l) => l.start < now).sort((a, b) => b.start.localeCompare(a.start))
  return { coming, past }
}
