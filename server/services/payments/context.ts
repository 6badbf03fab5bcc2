import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  accounts,
  type CartRow,
  type CompanyRow,
  carts,
  type PaymentRow,
  payments,
} from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { notFound, siteBase } from '#server/kernel/index.ts'
import { paymentSettingsOf } from './company-settings.ts'
import { companySecretReader } from './key-store.ts'
import type { ProviderContext, ProviderName, ProviderPayment } from './providers/types.ts'

/** The provider's settings and credentials: the key store's values first (key-store.ts). */
export async function providerContext(db: Db, company: CompanyRow): Promise<ProviderContext> {
  const settings = paymentSettingsOf(company)
  return {
    secret: await companySecretReader(db, company),
    companyToken: company.token,
    precision: settings.precision,
    stripeAccount: settings.stripeAccount,
  }
}

/** docs/product/7-calls.md: a redirect comes back to the site's payments/rdvcheck page, naming the cart. */
export const returnUrl = (company: CompanyRow, cartId: string) =>
  `${siteBase(company)}/payments/rdvcheck?cartId=${encodeURIComponent(cartId)}`

/** Our notification endpoint (the serve process proxies /api to the API). */
export const notifyUrl = (company: CompanyRow, provider: ProviderName, paymentId: string) =>
  `${siteBase(company)}/api/payment/notify/${provider}/${encodeURIComponent(company.token)}?payId=${encodeURIComponent(paymentId)}`

export async function customerEmail(db: Db, companyId: number, customerId: string | null) {
  if (customerId === null) return undefined
  const [row] = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.id, customerId)))
  return row?.email
}

export function providerPayment(
  company: CompanyRow,
  payment: PaymentRow,
  cart: Pick<CartRow, 'id'>,
  extra: { description: string; email: string | undefined },
): ProviderPayment {
  return {
    id: payment.id,
    cartId: cart.id,
    amountCents: payment.amountCents,
    currency: payment.currency,
    providerRef: payment.providerRef,
    token: payment.providerToken,
    description: extra.description,
    customerEmail: extra.email,
    returnUrl: returnUrl(company, cart.id),
    notifyUrl: notifyUrl(company, payment.provider as ProviderName, payment.id),
    data: payment.data,
  }
}

/**
 * A cart of the company that the caller may act on: a customer's cart only for that customer
 * (a cart without customer, a visitor's gift purchase, for whoever holds its id). Anything else
 * is 404, as another company's cart is: its existence is not revealed.
 */
export async function ownCart(
  db: Db,
  companyId: number,
  cartId: string,
  subject: Subject | undefined,
): Promise<CartRow> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.companyId, companyId), eq(carts.id, cartId)))
  const mine =
    cart !== undefined &&
    (cart.customerId === null || (subject?.kind === 'customer' && subject.id === cart.customerId))
  if (!cart || !mine) throw notFound('No such cart.')
  return cart
}

/** The cart's latest payment (the one initialize created last). */
export async function latestPayment(
  db: Db,
  companyId: number,
  cartId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.cartId, cartId)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1)
  return row
}
