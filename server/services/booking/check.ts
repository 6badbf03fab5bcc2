import { and, eq, gt, ne, or } from 'drizzle-orm'
import type { AppointmentRequest } from '#contract/appointment.ts'
import { hasVoucherRoom } from '#domain/booking/gift-limit.ts'
import type { Db } from '#server/db/client.ts'
import { appointments, type CompanyRow } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import type { AvailabilityCache } from './availability/availability-cache.ts'
import { resourceDays } from './availability/day-resources.ts'
import { shopBusyDays } from './availability/shop-days.ts'
import { voucherVisits } from './gift-limit.ts'
import { chainEnds, findOpenCart } from './holds/cart.ts'
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
    const { need, catalogue, date, start, plan } = prepared
    // a check is a read: the shop's busy day as the availability answers see it, through the
    // cache every committed write forgets (docs/decisions/051-checks-read-the-cached-day.md)
    const days = await shopBusyDays(db, cache, company.id, catalogue, [date], now)
    const fits = assignVisit(start, [need], resourceDays(plan, days.get(date), [need]))
    if (!fits) return { available: false, reason: 'slotTaken' }
    // a voucher visit needs room under the day's gift limit (docs/decisions/063-last-partial-rows-of-the-api.md)
    const limit = prepared.settings.giftLimit
    if (!request.myAppointment.giftCode || limit === null) return { available: true }
    const visits = await voucherVisits(db, {
      companyId: company.id,
      shopId: request.shopid,
      from: date,
      to: date,
      now,
      exceptCart: cart,
    })
    return hasVoucherRoom(visits.get(date) ?? 0, limit)
      ? { available: true }
      : { available: false, reason: 'giftLimit' }
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
