import { and, asc, eq, ne } from 'drizzle-orm'
import type { ManageTarget } from '#contract/manage.ts'
import { type VisitPolicy, visitPolicy } from '#contract/visit-policy.ts'
import {
  decideManage,
  type ManageAction,
  type ManageDecision,
} from '#domain/visit-policy/visit-policy.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  type AppointmentRow,
  appointments,
  type BookingOrderRow,
  bookingOrders,
  type CompanyRow,
  contentTables,
} from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { notFound, Refusal, unauthorized } from '#server/kernel/index.ts'
import { readManageLink } from '../booking/index.ts'

/**
 * A booking order its customer manages (docs/decisions/038-visit-policy.md): found through the
 * signed-in customer's own orders or the e-mail's signed link. Anything else, another
 * customer's order included, is the same 404 as an unknown one: nothing tells them apart.
 */
export interface ManagedOrder {
  readonly order: BookingOrderRow
  /** who acts, for the order's history: the customer's id */
  readonly actor: string
  readonly policy: VisitPolicy
}

const NO_SUCH = 'No such booking.'

export async function findManagedOrder(
  db: Db,
  company: CompanyRow,
  target: ManageTarget,
  subject: Subject | undefined,
  now: Date,
): Promise<ManagedOrder> {
  let orderId: string
  if (target.link !== undefined) {
    const link = readManageLink(target.link, company.id, now)
    if (!link.valid) throw notFound(NO_SUCH)
    if (link.expired) throw new Refusal(409, 'visitPast', 'This visit has started.')
    orderId = link.orderId
  } else {
    if (subject?.kind !== 'customer') throw unauthorized()
    orderId = target.orderId ?? ''
  }
  const [order] = await db
    .select()
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, company.id), eq(bookingOrders.id, orderId)))
  const owner = target.link === undefined ? subject?.id : order?.customerId
  if (!order || order.customerId === null || order.customerId !== owner) throw notFound(NO_SUCH)
  return { order, actor: order.customerId, policy: await shopPolicy(db, company.id, order.shopId) }
}

/** The shop's visit policy (shop.booker.policy), defaults for what it does not set. */
export async function shopPolicy(db: Db, companyId: number, shopId: string): Promise<VisitPolicy> {
  const shops = contentTables.shops
  const [row] = await db
    .select({ data: shops.data })
    .from(shops)
    .where(and(eq(shops.companyId, companyId), eq(shops.id, shopId)))
  const booker = row?.data.booker
  const raw =
    typeof booker === 'object' && booker !== null
      ? (booker as { policy?: unknown }).policy
      : undefined
  const parsed = visitPolicy.safeParse(raw ?? {})
  return parsed.success ? parsed.data : visitPolicy.parse({})
}

/** The order's live appointments, first one first. */
export function liveAppointments(
  db: Db | Tx,
  companyId: number,
  cartId: string,
): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.cartId, cartId),
        ne(appointments.status, 'cancelled'),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
}

/** The policy's decision for an order and its live appointments (none: not manageable). */
export function decide(
  managed: { readonly policy: VisitPolicy; readonly order: BookingOrderRow },
  live: readonly AppointmentRow[],
  action: ManageAction,
  now: Date,
): ManageDecision {
  const first = live[0]
  const status = first ? managed.order.status : 'cancelled'
  return decideManage(managed.policy, action, { startsAt: first?.startsAt ?? now, status }, now)
}

/** A refusal of the rule as the typed error of the API (docs/api/errors.md). */
export function assertAllowed(decision: ManageDecision): void {
  if (decision.allowed) return
  switch (decision.reason) {
    case 'notManageable':
      throw new Refusal(409, 'notManageable', 'Conflict: this booking is not a confirmed visit.')
    case 'visitPast':
      throw new Refusal(409, 'visitPast', 'Conflict: this visit has started or is over.')
    case 'notAllowed':
      throw new Refusal(403, 'manageNotAllowed', 'The shop does not allow this online.')
    case 'deadlinePassed':
      throw new Refusal(
        409,
        'manageDeadlinePassed',
        `Conflict: the deadline (${decision.deadline.toISOString()}) has passed.`,
      )
  }
}
