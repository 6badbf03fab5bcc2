import { and, eq, gt, ne, or } from 'drizzle-orm'
import type { AppointmentRequest } from '#contract/appointment.ts'
import type { Db } from '#server/db/client.ts'
import { appointments, type CompanyRow } from '#server/db/schema/index.ts'
import { clock } from '../clock.ts'
import type { AvailabilityCache } from './availability-cache.ts'
import { planDate } from './calendar.ts'
import { chainEnds, findOpenCart } from './cart.ts'
import { busyByDate, loadResourceBusy } from './claims.ts'
import { resourceDays } from './day-resources.ts'
import { prepareRequest, type Unavailable, UnavailableError } from './prepare.ts'
import { assignVisit } from './visit.ts'

export interface CheckResult {
  readonly available: boolean
  readonly reason?: Unavailable
}

/**
 * POST /api/appointments/check: whether this appointment can still be booked, or is still held
 * for the signed-in customer's cart (before paying, the client re-validates its cart with it).
 * Writes nothing; the answer can change the next instant, the booking itself decides.
 */
export async function checkRequest(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  customerId: string | undefined,
  request: AppointmentRequest,
): Promise<CheckResult> {
  const now = clock.now()
  const cart = customerId
    ? await findOpenCart(db, company.id, customerId, request.shopid, now)
    : undefined
  if (cart && (await holdsIt(db, company.id, cart, request, now))) return { available: true }
  try {
    const ends = async () => (cart ? chainEnds(db, company.id, cart) : [])
    const prepared = await prepareRequest(db, cache, company, request, ends)
    const { need, catalogue, date, start } = prepared
    const candidates = [...need.employees, ...(need.cabins ?? [])]
    const range = { start: prepared.startsAt, end: prepared.endsAt }
    const spans = await loadResourceBusy(db, company.id, candidates, range, now)
    const plan = planDate(catalogue, date, prepared.settings.cuttingHours, now)
    const busy = busyByDate(spans, catalogue.shop.timeZone).get(date)
    const fits = plan && assignVisit(start, [need], resourceDays(plan, busy, [need]))
    return fits ? { available: true } : { available: false, reason: 'slotTaken' }
  } catch (error) {
    if (error instanceof UnavailableError) return { available: false, reason: error.reason }
    throw error
  }
}

/** The cart holds this very appointment (same service, shop and start), not lapsed. */
async function holdsIt(
  db: Db,
  companyId: number,
  cartId: string,
  request: AppointmentRequest,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.cartId, cartId),
        eq(appointments.serviceId, request.serviceid),
        eq(appointments.localStart, request.start),
        ne(appointments.status, 'cancelled'),
        or(eq(appointments.status, 'confirmed'), gt(appointments.expiresAt, now)),
      ),
    )
    .limit(1)
  return row !== undefined
}
