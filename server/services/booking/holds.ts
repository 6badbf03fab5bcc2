import type { AppointmentRequest } from '#contract/appointment.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { appointmentClaims, appointments, type CompanyRow } from '#server/db/schema/index.ts'
import { clock } from '../clock.ts'
import { refreshTotals } from '../orders/booking-status.ts'
import type { AvailabilityCache, CacheScope } from './availability-cache.ts'
import { planDate } from './calendar.ts'
import { cancelAppointments } from './cancel.ts'
import { chainEnds, createCart, extendCart, findOpenCart } from './cart.ts'
import { busyByDate, loadClaimsUnderLock } from './claims.ts'
import { resourceDays } from './day-resources.ts'
import { assertHoldRoom, customerHoldsLock } from './hold-limits.ts'
import { cartLock, lockAll, resourceLock } from './locks.ts'
import { type PreparedRequest, prepareRequest, UnavailableError } from './prepare.ts'
import { holdMilliseconds } from './settings.ts'
import { bookingTransaction } from './transaction.ts'
import { assignVisit } from './visit.ts'

export interface PlacedHold {
  readonly cartId: string
  readonly appointmentId: string
  /** what the committed hold changed, for the availability cache */
  readonly touched: CacheScope
}

/**
 * POST /api/appointments: books one service of a visit into the customer's open cart at the
 * shop. With service payment on it is a hold that lapses after HOLD_MINUTES unless paid (each
 * new hold restarts the clock of the whole cart); with payment off it is confirmed at once.
 * The resources are chosen under their advisory locks from the requested employee (or any
 * qualified free one) and a suitable free cabin where needed; the exclusion constraint stands
 * behind the choice. A taken slot is 409.
 */
export async function placeHold(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  customerId: string,
  request: AppointmentRequest,
): Promise<PlacedHold> {
  const openCart = await findOpenCart(db, company.id, customerId, request.shopid, clock.now())
  const ends = openCart ? await chainEnds(db, company.id, openCart) : []
  const prepared = await prepareRequest(db, cache, company, request, ends)
  return bookingTransaction(db, (tx) => writeHold(tx, company.id, customerId, request, prepared))
}

/**
 * A hold placed for the customer rather than by them (a waitlist offer, docs/decisions/040-waitlist.md):
 * always a hold, whatever the payment setting, lasting until `expiresAt`, and outside the
 * customer's own hold limits.
 */
export interface OfferTerms {
  readonly expiresAt: Date
}

/** Writes one hold under the resources' locks (the caller's booking transaction). */
export async function writeHold(
  tx: Tx,
  companyId: number,
  customerId: string,
  request: AppointmentRequest,
  prepared: PreparedRequest,
  offer?: OfferTerms,
): Promise<PlacedHold> {
  const { need, catalogue, settings, date, start } = prepared
  const now = clock.now()
  const candidates = [...need.employees, ...(need.cabins ?? [])]
  await lockAll(tx, companyId, [
    ...candidates.map(resourceLock),
    cartLock(customerId, request.shopid),
    customerHoldsLock(customerId),
  ])

  const range = { start: prepared.startsAt, end: prepared.endsAt }
  // one statement: the live claims, and the lapsed holds to cancel before claiming
  const { spans, lapsed } = await loadClaimsUnderLock(tx, companyId, candidates, range, now)
  await cancelAppointments(tx, companyId, lapsed, 'expired', 'system', now)
  const plan = planDate(catalogue, date, settings.cuttingHours, now)
  const busy = busyByDate(spans, catalogue.shop.timeZone).get(date)
  const chosen = plan && assignVisit(start, [need], resourceDays(plan, busy, [need]))?.[0]
  if (!chosen) throw new UnavailableError('slotTaken')

  const hold = offer !== undefined || settings.paymentActive
  const expiresAt = offer?.expiresAt ?? new Date(now.getTime() + holdMilliseconds())
  const openCartId = await findOpenCart(tx, companyId, customerId, request.shopid, now)
  // Unpaid holds are what one account could block a calendar with (decision 017).
  if (hold && !offer) await assertHoldRoom(tx, companyId, customerId, openCartId, now)
  const cartId =
    openCartId ??
    (await createCart(
      tx,
      {
        companyId,
        customerId,
        shopId: request.shopid,
        currency: settings.currency,
        confirmed: !hold,
        by: customerId,
        date: now.toISOString().slice(0, 10),
      },
      now,
    ))
  const [row] = await tx
    .insert(appointments)
    .values({
      companyId,
      cartId,
      bookingOrderId: cartId,
      shopId: request.shopid,
      serviceId: request.serviceid,
      employeeId: chosen.employeeId,
      cabinId: chosen.cabinId ?? null,
      equipmentIds: request.myAppointment.equipmentIds,
      customerId,
      status: hold ? 'hold' : 'confirmed',
      startsAt: prepared.startsAt,
      endsAt: prepared.endsAt,
      localStart: request.start,
      localEnd: request.end,
      timeZone: catalogue.shop.timeZone,
      expiresAt: hold ? expiresAt : null,
      priceCents: prepared.service.priceCents,
      currency: settings.currency,
      giftCode: request.myAppointment.giftCode ?? null,
      customMessage: request.customMessage ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: appointments.id })
  if (!row) throw new Error('appointment insert returned nothing')
  const claim = {
    companyId,
    appointmentId: row.id,
    shopId: request.shopid,
    status: hold ? ('hold' as const) : ('confirmed' as const),
    startsAt: prepared.startsAt,
    endsAt: prepared.endsAt,
    expiresAt: hold ? expiresAt : null,
  }
  await tx
    .insert(appointmentClaims)
    .values([
      { ...claim, resourceId: chosen.employeeId, resourceKind: 'employee' },
      ...(chosen.cabinId
        ? [{ ...claim, resourceId: chosen.cabinId, resourceKind: 'cabin' as const }]
        : []),
    ])
  await extendCart(tx, companyId, cartId, expiresAt, now)
  await refreshTotals(tx, companyId, [cartId])
  const touched = {
    shopId: request.shopid,
    resourceIds: chosen.cabinId ? [chosen.employeeId, chosen.cabinId] : [chosen.employeeId],
    dates: [date],
  }
  return { cartId, appointmentId: row.id, touched }
}
