import type { AppointmentRequest } from '#contract/appointment.ts'
import type { Db, Tx } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { clock } from '../clock.ts'
import { orderViewOf } from '../orders/booking-order.ts'
import type { BookingOrderWire } from '../orders/booking-view.ts'
import type { AvailabilityCache, CacheScope } from './availability-cache.ts'
import { cancelAppointments } from './cancel.ts'
import { chainEnds, findOpenCart, newOrderNumber } from './cart.ts'
import { busyByDate, loadClaimsUnderLock } from './claims.ts'
import { resourceDays } from './day-resources.ts'
import { customerHoldsLock, refuseOverHoldLimits } from './hold-limits.ts'
import { type HoldWritten, writeHoldStatement } from './hold-statement.ts'
import { cartLock, lockAll, resourceLock } from './locks.ts'
import { type PreparedRequest, prepareRequest, UnavailableError } from './prepare.ts'
import { holdMilliseconds } from './settings.ts'
import { shopBusyDays } from './shop-days.ts'
import { bookingTransaction } from './transaction.ts'
import { type Assignment, assignVisit } from './visit.ts'

export interface PlacedHold {
  readonly cartId: string
  readonly appointmentId: string
  /** the order as the hold left it, the call's answer */
  readonly order: BookingOrderWire
  /** what the committed hold changed, for the availability cache */
  readonly touched: CacheScope
}

type Chosen = Assignment

/**
 * POST /api/appointments: books one service of a visit into the customer's open cart at the
 * shop. With service payment on it is a hold that lapses after HOLD_MINUTES unless paid (each
 * new hold restarts the clock of the whole cart); with payment off it is confirmed at once.
 *
 * In one transaction of four statements (docs/decisions/041-hold-in-one-round-trip.md): BEGIN,
 * the advisory locks of every candidate resource, of the cart and of the customer's holds, the
 * hold statement (hold-statement.ts: conflict check, every write and the order it answers with,
 * in one round trip), COMMIT.
 * The resources are chosen before the transaction from the shop's cached busy day; the hold
 * statement writes nothing if a claim is in their way, and only then are the candidates' claims
 * read under the locks (lapsed holds cancelled) and the choice made again. The exclusion
 * constraint stands behind both. A taken slot is 409.
 */
export async function placeHold(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  customerId: string,
  request: AppointmentRequest,
): Promise<PlacedHold> {
  const now = clock.now()
  const ends = async () => {
    const cart = await findOpenCart(db, company.id, customerId, request.shopid, now)
    return cart ? chainEnds(db, company.id, cart) : []
  }
  const prepared = await prepareRequest(db, cache, company, request, ends)
  const { catalogue, date, plan, need, start } = prepared
  const busy = await shopBusyDays(db, cache, company.id, catalogue, [date], now)
  const guess = assignVisit(start, [need], resourceDays(plan, busy.get(date), [need]))?.[0]
  return bookingTransaction(db, (tx) =>
    writeHold(tx, company.id, customerId, request, prepared, { guess }),
  )
}

/**
 * A hold placed for the customer rather than by them (a waitlist offer, docs/decisions/040-waitlist.md):
 * always a hold, whatever the payment setting, lasting until `expiresAt`, and outside the
 * customer's own hold limits.
 */
export interface OfferTerms {
  readonly expiresAt: Date
}

interface HoldOptions {
  /** the resources the cached day says are free (tried first, checked under the locks) */
  readonly guess?: Chosen | undefined
  readonly offer?: OfferTerms
}

/** Writes one hold under the resources' locks (the caller's booking transaction). */
export async function writeHold(
  tx: Tx,
  companyId: number,
  customerId: string,
  request: AppointmentRequest,
  prepared: PreparedRequest,
  { guess, offer }: HoldOptions = {},
): Promise<PlacedHold> {
  const { need, catalogue, settings, date, start } = prepared
  const now = clock.now()
  const candidates = [...need.employees, ...(need.cabins ?? [])]
  const hold = offer !== undefined || settings.paymentActive
  await lockAll(tx, companyId, [
    ...candidates.map(resourceLock),
    cartLock(customerId, request.shopid),
    customerHoldsLock(customerId),
  ])
  const write = (chosen: Chosen) =>
    writeHoldStatement(tx, {
      companyId,
      customerId,
      shopId: request.shopid,
      serviceId: request.serviceid,
      employeeId: chosen.employeeId,
      cabinId: chosen.cabinId ?? null,
      equipmentIds: request.myAppointment.equipmentIds,
      hold,
      startsAt: prepared.startsAt,
      endsAt: prepared.endsAt,
      localStart: request.start,
      localEnd: request.end,
      timeZone: catalogue.shop.timeZone,
      priceCents: prepared.service.priceCents,
      currency: settings.currency,
      giftCode: request.myAppointment.giftCode ?? null,
      customMessage: request.customMessage ?? null,
      expiresAt: offer?.expiresAt ?? new Date(now.getTime() + holdMilliseconds()),
      orderNumber: newOrderNumber(now.toISOString().slice(0, 10)),
      now,
    })

  let chosen = guess
  let written: HoldWritten | undefined = chosen && (await write(chosen))
  if (!written || written.clash.length > 0) {
    // the cached day was out of date: read the candidates' claims under the locks and choose again
    const range = { start: prepared.startsAt, end: prepared.endsAt }
    const { spans, lapsed } = await loadClaimsUnderLock(tx, companyId, candidates, range, now)
    await cancelAppointments(tx, companyId, lapsed, 'expired', 'system', now)
    const busy = busyByDate(spans, catalogue.shop.timeZone).get(date)
    chosen = assignVisit(start, [need], resourceDays(prepared.plan, busy, [need]))?.[0]
    written = chosen && (await write(chosen))
  }
  const order = written?.view ? orderViewOf(written.view, catalogue.shop.name) : undefined
  if (!chosen || !written || written.clash.length > 0 || !written.cartId || !written.appointmentId)
    throw new UnavailableError('slotTaken')
  if (!order) throw new Error('the hold statement wrote no order')
  // Unpaid holds are what one account could block a calendar with (decision 017).
  if (hold && !offer) refuseOverHoldLimits(written, now)
  const touched = {
    shopId: request.shopid,
    resourceIds: chosen.cabinId ? [chosen.employeeId, chosen.cabinId] : [chosen.employeeId],
    dates: [date],
  }
  return { cartId: written.cartId, appointmentId: written.appointmentId, order, touched }
}
