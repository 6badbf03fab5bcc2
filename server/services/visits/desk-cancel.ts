import type { DeskCancelBody } from '#contract/desk.ts'
import { cancelTerms } from '#domain/studio/desk-rules.ts'
import type { Db } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { forbidden, notFound } from '#server/kernel/index.ts'
import type { AvailabilityCache } from '../booking/index.ts'
import {
  type BookingOrderWire,
  bookingOrderViews,
  orderByIdeorder,
  reachOf,
  type Staff,
} from '../orders/index.ts'
import { type CancelledVisit, cancelManaged } from './cancel.ts'
import { shopPolicy } from './managed-visit.ts'

export interface DeskCancelled {
  readonly order: BookingOrderWire
  readonly cancelled: CancelledVisit
}

/**
 * PUT /bookingOrder/cancel (docs/decisions/077-desk-booking.md): the studio cancels a visit it
 * reaches. By default with the shop's policy exactly as the customer has it (same deadline,
 * same return, the same refusals); an override, the owner's only, is a policy of its own: no
 * deadline and what the owner chose to give back (nothing or a credit). The cancellation is the
 * customer's (cancelManaged: locks, policy decided again on fresh rows, slots freed, credit or
 * refund, notices), recorded in the order's history as the company user's.
 */
export async function deskCancel(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  staff: Staff,
  body: DeskCancelBody,
): Promise<DeskCancelled> {
  const terms = cancelTerms(staff.scope, body.override)
  if (terms === 'forbidden') throw forbidden("Only the owner may override the shop's policy.")
  const order = await orderByIdeorder(db, company.id, body.ideorder, reachOf(staff.scope))
  if (!order) throw notFound('No such order.')
  const policy =
    terms.kind === 'policy'
      ? await shopPolicy(db, company.id, order.shopId)
      : { reschedule: false, cancel: true, deadlineHours: 0, cancelGives: terms.gives }
  const cancelled = await cancelManaged(
    db,
    company,
    { order, actor: staff.providerId, policy },
    'provider',
  )
  cache.invalidate(company.id, cancelled.touched)
  const fresh = await orderByIdeorder(db, company.id, order.ideorder)
  const [view] = await bookingOrderViews(db, company.id, fresh ? [fresh] : [])
  if (!view) throw notFound('No such order.')
  return { order: view, cancelled }
}
