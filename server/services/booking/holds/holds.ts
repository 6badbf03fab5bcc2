import type { AppointmentRequest } from '#contract/appointment.ts'
import type { Range } from '#domain/slots/ranges.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { rowFromJson } from '#server/db/json-rows.ts'
import { type CompanyRow, carts } from '#server/db/schema/index.ts'
import {
  bookingTransaction,
  cartLock,
  clock,
  lockAll,
  lockKeys,
  lockShop,
  resourceLock,
  retryingBookingWrite,
} from '#server/kernel/index.ts'
import type { BookingOrderWire } from '../../orders/index.ts'
import { orderViewOf } from '../../orders/index.ts'
import type { AvailabilityCache, CacheScope } from '../availability/availability-cache.ts'
import { resourceDays } from '../availability/day-resources.ts'
import { shopBusyDays } from '../availability/shop-days.ts'
import { cancelAppointments } from '../cancel.ts'
import { assertVoucherRoom } from '../gift-limit.ts'
import { type PreparedRequest, prepareRequest, UnavailableError } from '../prepare.ts'
import { holdMilliseconds } from '../settings.ts'
import { type Assignment, assignVisit } from '../visit.ts'
import { chainEnds, findOpenCart, newOrderNumber } from './cart.ts'
import { busyByDate, loadOverlappingClaims } from './claims.ts'
import { customerHoldsLock, HOLD_LIMITS, holdRefused } from './hold-limits.ts'
import { type HoldWrite, type HoldWritten, writeHoldStatement } from './hold-statement.ts'

export interface PlacedHold {
  readonly cartId: string
  readonly appointmentId: string
  /** the order as the hold left it, the call's answer */
  readonly order: BookingOrderWire
  /** when the cart's holds lapse unless paid (the cart's deadline), null when none lapses */
  readonly expiresAt: Date | null
  /** what the committed hold changed, for the availability cache */
  readonly touched: CacheScope
}

type Chosen = Assignment

/**
 * POST /api/appointments: books one service of a visit into the customer's open cart at the
 * shop. With service payment on it is a hold that lapses with its cart, HOLD_MINUTES after the
 * cart's first hold, unless paid (later holds do not restart the clock, and at most a visit's
 * worth is held at the shop a day: docs/decisions/062-visit-bound-and-list-params.md); with
 * payment off it is confirmed at once.
 *
 * One call to the database, its own transaction (docs/decisions/045-hold-as-one-call.md): the
 * resources are chosen beforehand from the shop's cached busy day, and booking_hold takes the
 * advisory locks of every candidate resource, of the cart and of the customer's holds, then
 * writes the hold unless a claim is in the way or the customer is over the hold limits
 * (hold-statement.ts). When the cached day has no room, or its choice met a claim, the
 * candidates' claims are read as they are now, without locks: taken by live claims, the slot is
 * 409 (it was taken when read); otherwise the call is made again with the choice they allow.
 * Only a lapsed hold in the way, or a second clash, takes the booking transaction that reads
 * the claims under the locks, cancels lapsed holds and chooses again. The exclusion constraint
 * stands behind all three.
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
  const limit = prepared.settings.giftLimit
  if (request.myAppointment.giftCode && limit !== null) {
    // a voucher visit under the day's gift limit (docs/decisions/063-last-partial-rows-of-the-api.md):
    // counted and written in one transaction, behind the lock of the shop's date
    return bookingTransaction(db, async (tx) => {
      const cart = await findOpenCart(tx, company.id, customerId, request.shopid, now)
      const q = { companyId: company.id, shopId: request.shopid, date: prepared.date, now }
      await assertVoucherRoom(tx, { ...q, limit, exceptCart: cart })
      return writeHold(tx, company.id, customerId, request, prepared)
    })
  }
  const { catalogue, date } = prepared
  const busy = await shopBusyDays(db, cache, company.id, catalogue, [date], now)
  const terms = holdTerms(company.id, customerId, request, prepared)
  const attempt = async (chosen: Chosen) =>
    terms.placed(
      chosen,
      await retryingBookingWrite(() => writeHoldStatement(db, terms.write(chosen))),
    )
  const guess = chooseResources(prepared, busy.get(date))
  const placed = guess && (await attempt(guess))
  if (placed) return placed
  const claims = await loadOverlappingClaims(db, company.id, terms.candidates, terms.range, now)
  if (claims.lapsed.length === 0) {
    const chosen = chooseResources(
      prepared,
      busyByDate(claims.spans, catalogue.shop.timeZone).get(date),
    )
    if (!chosen) throw new UnavailableError('slotTaken')
    const again = await attempt(chosen)
    if (again) return again
  }
  return bookingTransaction(db, (tx) => writeHold(tx, company.id, customerId, request, prepared))
}

/** The first resources free for the request on a busy day (none when the slot is taken). */
function chooseResources(
  prepared: PreparedRequest,
  busy: ReadonlyMap<string, readonly Range[]> | undefined,
): Chosen | undefined {
  const { start, need, plan } = prepared
  return assignVisit(start, [need], resourceDays(plan, busy, [need]))?.[0]
}

/**
 * A hold placed for the customer rather than by them (a waitlist offer, docs/decisions/040-waitlist.md):
 * always a hold, whatever the payment setting, lasting until `expiresAt`, and outside the
 * customer's own hold limits.
 */
export interface OfferTerms {
  readonly expiresAt: Date
}

/** What one hold writes, whichever resources it takes, and what its call's answer means. */
function holdTerms(
  companyId: number,
  customerId: string,
  request: AppointmentRequest,
  prepared: PreparedRequest,
  offer?: OfferTerms,
) {
  const { need, catalogue, settings, date } = prepared
  const now = clock.now()
  const candidates = [...need.employees, ...(need.cabins ?? [])]
  const hold = offer !== undefined || settings.paymentActive
  const lockNames = [
    ...candidates.map(resourceLock),
    cartLock(customerId, request.shopid),
    customerHoldsLock(customerId),
  ]
  const write = (chosen: Chosen): HoldWrite => ({
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
    extendsCart: offer !== undefined,
    orderNumber: newOrderNumber(now.toISOString().slice(0, 10)),
    now,
    lockKeys: lockKeys(lockNames),
    // unpaid holds are what one account could block a calendar with (decision 017)
    limits: hold && !offer ? HOLD_LIMITS : null,
  })
  /** the placed hold, or undefined when a claim was in the way (nothing written) */
  const placed = (chosen: Chosen, written: HoldWritten): PlacedHold | undefined => {
    // the shop was removed before the hold could take its lock (migration 0031)
    if (written.shopGone) throw new UnavailableError('unknownShop')
    if (written.refused) throw holdRefused(written.refused)
    if (written.clash.length > 0 || !written.cartId || !written.appointmentId) return undefined
    const touched = {
      shopId: request.shopid,
      resourceIds: chosen.cabinId ? [chosen.employeeId, chosen.cabinId] : [chosen.employeeId],
      dates: [date],
    }
    const order = written.view ? orderViewOf(written.view, catalogue.shop.name) : undefined
    if (!order) throw new Error('the hold call wrote no order')
    const cart = written.view?.cart ? rowFromJson(carts, written.view.cart) : undefined
    const expiresAt = hold ? (cart?.expiresAt ?? null) : null
    const { cartId, appointmentId } = written
    return { cartId, appointmentId, order, expiresAt, touched }
  }
  const range = { start: prepared.startsAt, end: prepared.endsAt }
  return { candidates, lockNames, range, write, placed }
}

/**
 * Writes one hold in the caller's booking transaction, choosing its resources from their claims
 * read under the locks (lapsed holds cancelled first): a taken slot is 409.
 */
export async function writeHold(
  tx: Tx,
  companyId: number,
  customerId: string,
  request: AppointmentRequest,
  prepared: PreparedRequest,
  offer?: OfferTerms,
): Promise<PlacedHold> {
  const terms = holdTerms(companyId, customerId, request, prepared, offer)
  const now = clock.now()
  // the shop's first, as the hold function does: a removal never sits between two locks of a hold
  await lockShop(tx, companyId, request.shopid, 'shared')
  await lockAll(tx, companyId, terms.lockNames)
  const { spans, lapsed } = await loadOverlappingClaims(
    tx,
    companyId,
    terms.candidates,
    terms.range,
    now,
  )
  await cancelAppointments(tx, companyId, lapsed, 'expired', 'system', now)
  const timeZone = prepared.catalogue.shop.timeZone
  const chosen = chooseResources(prepared, busyByDate(spans, timeZone).get(prepared.date))
  const placed = chosen && terms.placed(chosen, await writeHoldStatement(tx, terms.write(chosen)))
  if (!placed) throw new UnavailableError('slotTaken')
  return placed
}
