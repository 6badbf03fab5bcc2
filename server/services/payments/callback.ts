import { and, eq, or } from 'drizzle-orm'
import type { PaymentPrices } from '#contract/payment.ts'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, carts, payments } from '#server/db/schema/index.ts'
import { notFound, Refusal } from '#server/kernel/index.ts'
import { latestPayment, providerContext, providerPayment } from './context.ts'
import { freeProvider } from './providers/free.ts'
import { settle } from './settle.ts'

/**
 * POST /api/payment/callback/:companyToken?payId= {paymentToken, prices}: the free provider's
 * confirmation (and PayPal's approval notice, which only checks the order is this payment's), posted by the browser without waiting (docs/product/7-calls.md), possibly without headers (the
 * company is in the path). payId is the cart id (or the payment id); the paymentToken initialize
 * returned proves the caller is the payer (and expires, statuses.ts freeTokenMs). Decision 012:
 * the order is confirmed with its amount due at the shop, nothing is issued that needs money
 * (succeed.ts, dueAtShop). The prices in the body are ignored: the payment's
 * amount is the server's (a differing one is only logged). A repeated callback is recorded
 * once (event `callback:<payment>`) and changes nothing.
 */
export async function freeCallback(
  db: Db,
  company: CompanyRow,
  payId: string,
  body: { paymentToken: string; prices: PaymentPrices },
  log: (line: string) => void,
): Promise<void> {
  const [cart] = await db
    .select()
    .from(carts)
    .innerJoin(
      payments,
      and(eq(payments.companyId, carts.companyId), eq(payments.cartId, carts.id)),
    )
    .where(and(eq(carts.companyId, company.id), or(eq(carts.id, payId), eq(payments.id, payId))))
    .limit(1)
  const payment = cart ? await latestPayment(db, company.id, cart.carts.id) : undefined
  if (payment?.provider === 'paypal') {
    // decision 024: the PayPal buttons post the approved order before pay; the order must be
    // this payment's, and nothing is settled here (pay captures it, asking PayPal)
    if (body.paymentToken !== payment.providerRef) throw notFound('No such payment.')
    log(`payment callback ${payment.id}: paypal order ${payment.providerRef} approved`)
    return
  }
  if (payment?.provider !== 'free') throw notFound('No such payment.')
  const outcome = await freeProvider.verify(
    await providerContext(db, company),
    providerPayment(
      company,
      payment,
      { id: payment.cartId },
      { description: '', email: undefined },
    ),
    body.paymentToken,
  )
  // An expired token (FREE_TOKEN_MINUTES) confirms nothing: the browser starts again.
  if (outcome.kind === 'failed' && outcome.errorType === 'tokenExpired') {
    throw new Refusal(409, 'tokenExpired', outcome.message)
  }
  if (outcome.kind !== 'succeeded') throw notFound('No such payment.')
  if (body.prices.total.amount !== payment.amountCents) {
    log(
      `payment callback ${payment.id}: client total ${body.prices.total.amount} ignored, charged ${payment.amountCents}`,
    )
  }
  await settle(db, {
    company,
    paymentId: payment.id,
    outcome,
    eventKey: `callback:${payment.id}`,
    source: 'callback',
    payload: { prices: body.prices },
  })
}
