import type { appointmentClaims, appointments } from '#server/db/schema/index.ts'

type AppointmentRow = typeof appointments.$inferInsert
type ClaimRow = typeof appointmentClaims.$inferInsert

/** One seeded visit: a confirmed hour at `date`, `hour`, of an employee and maybe a cabin. */
export interface SeedHour {
  readonly companyId: number
  readonly id: string
  readonly cartId: string
  readonly shopId: string
  readonly serviceId: string
  readonly employeeId: string
  readonly cabinId: string | undefined
  readonly date: string
  readonly hour: number
  readonly startsAt: Date
  readonly endsAt: Date
  readonly timeZone: string
  readonly priceCents: number
}

/**
 * The appointment row and its claims (the employee's, and the cabin's when it uses one) of a
 * confirmed one-hour visit, as the benchmarks' seeders write them (api-appointments.ts,
 * availability-market.ts).
 */
export function confirmedHour(visit: SeedHour): { row: AppointmentRow; claims: ClaimRow[] } {
  const { companyId, id, shopId, employeeId, cabinId, date, hour, startsAt, endsAt } = visit
  const local = (h: number) => `${date}T${String(h).padStart(2, '0')}:00`
  const row: AppointmentRow = {
    companyId,
    id,
    cartId: visit.cartId,
    shopId,
    serviceId: visit.serviceId,
    employeeId,
    cabinId: cabinId ?? null,
    status: 'confirmed',
    startsAt,
    endsAt,
    localStart: local(hour),
    localEnd: local(hour + 1),
    timeZone: visit.timeZone,
    priceCents: visit.priceCents,
  }
  const claim = {
    companyId,
    appointmentId: id,
    shopId,
    status: 'confirmed' as const,
    startsAt,
    endsAt,
  }
  const claims: ClaimRow[] = [{ ...claim, resourceId: employeeId, resourceKind: 'employee' }]
  if (cabinId !== undefined) claims.push({ ...claim, resourceId: cabinId, resourceKind: 'cabin' })
  return { row, claims }
}
