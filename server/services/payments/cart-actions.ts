import { and, eq } from 'drizzle-orm'
import { SALON_MESSAGE_MAX } from '#contract/constants.ts'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, carts } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { badRequest, clock, notFound } from '#server/kernel/index.ts'
import { findContent } from '../content/index.ts'
import { paymentSettingsOf } from './company-settings.ts'
import { latestPayment, ownCart, providerContext } from './context.ts'
import { cartNotPayable } from './errors.ts'
import { PROVIDERS, providerNamed } from './providers/index.ts'
import type { Scenario } from './providers/types.ts'
import { OPEN_PAYMENT_STATUSES } from './statuses.ts'

const MAX_MESSAGE = SALON_MESSAGE_MAX

/** POST /api/payment/update-message: the customer's note for the shop, on their cart. */
export async function updateMessage(
  db: Db,
  company: CompanyRow,
  subject: Subject | undefined,
  body: { cartId: string; message: string },
): Promise<void> {
  if (body.message.length > MAX_MESSAGE) {
    throw badRequest(
      `Invalid request: body.message: at most ${MAX_MESSAGE} characters`,
      'invalidInput',
    )
  }
  const cart = await ownCart(db, company.id, body.cartId, subject)
  await db
    .update(carts)
    .set({ message: body.message, updatedAt: clock.now() })
    .where(and(eq(carts.companyId, company.id), eq(carts.id, cart.id)))
}

/** POST /api/payment/token: what the payment form needs again (a reload of the page). */
export async function paymentToken(
  db: Db,
  company: CompanyRow,
  subject: Subject | undefined,
  cartId: string,
): Promise<{ token: string }> {
  const cart = await ownCart(db, company.id, cartId, subject)
  const payment = await latestPayment(db, company.id, cart.id)
  const open = payment && (OPEN_PAYMENT_STATUSES as readonly string[]).includes(payment.status)
  // a paid cart (or one confirmed with its amount due at the shop, decision 012) has none
  if (!payment || !open || cart.status === 'paid' || !payment.providerToken) {
    throw cartNotPayable(cart.status)
  }
  return { token: payment.providerToken }
}

/**
 * POST /api/payment/get-scenario: how the island runs the form for this cart: embedded (stripe,
 * payzen, paypal), redirect (saferpay, monetico) or none (free, or nothing left to pay).
 */
export async function paymentScenario(
  db: Db,
  company: CompanyRow,
  subject: Subject | undefined,
  cartId: string,
): Promise<{ scenario: Scenario }> {
  const cart = await ownCart(db, company.id, cartId, subject)
  const payment = await latestPayment(db, company.id, cart.id)
  const name = payment?.provider ?? paymentSettingsOf(company).provider
  return { scenario: (name ? providerNamed(name)?.scenario : undefined) ?? 'none' }
}

/**
 * GET /api/payment/connect?shopId: whether the company's payment account can take payments
 * (stripe connect: the connected account's charges_enabled; others: credentials set). Any
 * failure is false (docs/product/8-errors.md), but an unknown shop is 404.
 */
export async function paymentConnected(
  db: Db,
  company: CompanyRow,
  shopId: string,
): Promise<{ connected: boolean }> {
  if (!(await findContent(db, company.id, 'shops', { id: shopId }))) throw notFound('No such shop.')
  const settings = paymentSettingsOf(company)
  if (!settings.enabled || settings.provider === null) return { connected: false }
  const connected = await PROVIDERS[settings.provider]
    .connected(await providerContext(db, company))
    .catch(() => false)
  return { connected }
}
