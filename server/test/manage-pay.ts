import { and, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { bookingOrders, contentTables, payments } from '#server/db/schema/index.ts'
import type { TestApi } from './harness.ts'

/**
 * Shared by the tests of a visit moved to a dearer one and paid first
 * (docs/decisions/042-reschedule-pay-difference.md) on the payment tenants of payment.ts.
 */

export interface StripeDelivery {
  /** the company token whose notify URL receives the event */
  readonly company: string
  /** the webhook secret the API was started with */
  readonly secret: string
  readonly event: string
  /** a declined card instead of a success */
  readonly declined?: boolean
}

/** The payment of `cartId` made a Stripe one, and its signed outcome delivered to the API. */
export async function stripeDelivered(
  t: TestApi,
  cartId: string,
  amount: number,
  { company, secret, event, declined = false }: StripeDelivery,
) {
  await t.db
    .update(payments)
    .set({ provider: 'stripe', providerRef: `pi_${cartId}` })
    .where(eq(payments.cartId, cartId))
  const intent = {
    id: `pi_${cartId}`,
    object: 'payment_intent',
    amount,
    currency: 'eur',
    ...(declined
      ? {
          status: 'requires_payment_method',
          amount_received: 0,
          last_payment_error: { type: 'card_error', message: 'Your card was declined.' },
        }
      : { status: 'succeeded', amount_received: amount, latest_charge: `ch_${cartId}` }),
  }
  const payload = JSON.stringify({
    id: event,
    object: 'event',
    type: declined ? 'payment_intent.payment_failed' : 'payment_intent.succeeded',
    data: { object: intent },
  })
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })
  return t.call(`/api/payment/notify/stripe/${company}`, {
    raw: payload,
    headers: { 'stripe-signature': signature },
  })
}

/** The shop staff sets the price of 'cut' (no per-shop price) through the back-office API. */
export async function setCutPrice(
  t: TestApi,
  companyId: number,
  company: string,
  staff: string,
  cents: number,
) {
  const articles = contentTables.articles
  const cut = and(eq(articles.companyId, companyId), eq(articles.id, 'cut'))
  const [row] = await t.db.select({ data: articles.data }).from(articles).where(cut)
  return t.call('/api/articles/cut', {
    method: 'PUT',
    company,
    bearer: staff,
    json: { ...(row?.data ?? {}), prices: cents, booker: { pricesByShops: [] } },
  })
}

/** A booking order as stored. */
export async function storedOrder(t: TestApi, id: string) {
  const [row] = await t.db.select().from(bookingOrders).where(eq(bookingOrders.id, id))
  return row
}

/** Shop s1's booking settings and public info, merged with these (written straight in). */
export async function updateShop(
  t: TestApi,
  companyId: number,
  change: { booker?: Record<string, unknown>; publicInfo?: Record<string, unknown> },
) {
  const shops = contentTables.shops
  const where = and(eq(shops.companyId, companyId), eq(shops.id, 's1'))
  const [row] = await t.db.select({ data: shops.data }).from(shops).where(where)
  const data = row?.data ?? {}
  const booker = (data.booker ?? {}) as Record<string, unknown>
  const publicInfo = (data.publicInfo ?? {}) as Record<string, unknown>
  await t.db
    .update(shops)
    .set({
      data: {
        ...data,
        booker: { ...booker, ...change.booker },
        publicInfo: { ...publicInfo, ...change.publicInfo },
      },
    })
    .where(where)
}
