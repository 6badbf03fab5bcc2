import { and, eq } from 'drizzle-orm'
import { isApiErrorType } from '#contract/error.ts'
import type { PaymentInitializeResponse } from '#contract/payment.ts'
import { DEFAULT_LOCALE, type Locale } from '#i18n/locales.ts'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, payments } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import { clock, Refusal } from '#server/kernel/index.ts'
import { codeGuard } from '../abuse/index.ts'
import type { AvailabilityCache } from '../booking/index.ts'
import { paymentSettingsOf } from './company-settings.ts'
import { customerEmail, providerContext, providerPayment } from './context.ts'
import { paymentDisabled, paymentNotConfigured } from './errors.ts'
import { PROVIDERS } from './providers/index.ts'
import type { ProviderName } from './providers/types.ts'
import { purposeHandler } from './purposes/index.ts'
import type { InitializeBody, PrepareInput } from './purposes/types.ts'
import { settle } from './settle.ts'
import { writeCart } from './write-cart.ts'

/**
 * POST /api/payment/initialize. The amount is the server's (the purpose prices from the
 * catalogue, coupons and vouchers; nothing the client sends about prices is read). The cart
 * becomes 'paying', with the pricing kept in carts.data (lines with their VAT); earlier open
 * payments of the cart are cancelled, a payment row is written, then the provider is asked for
 * what the browser needs. A cart with nothing left to pay (vouchers cover it) completes here,
 * through the free provider, whatever the company's provider.
 */
export async function initializePayment(
  db: Db,
  company: CompanyRow,
  subject: Subject | undefined,
  body: InitializeBody,
  /** the payer's language (the request's curlang): e-mails about this cart are written in it */
  locale: Locale = DEFAULT_LOCALE,
  /** the caller's client address (http/client-address.ts): the limits of decision 017 */
  clientAddress?: string,
  /** the API's availability cache: a paid move checks its new slot through it */
  cache?: AvailabilityCache,
): Promise<PaymentInitializeResponse> {
  const settings = paymentSettingsOf(company)
  if (!settings.enabled || settings.provider === null) {
    throw paymentDisabled('Online payment is not enabled for this company.')
  }
  const now = clock.now()
  const customerId = subject?.kind === 'customer' ? subject.id : undefined
  const guard = clientAddress === undefined ? undefined : codeGuard(db, company.id, clientAddress)
  const input: PrepareInput = {
    ...{ db, company, settings, customerId, body, now, clientAddress, guard },
    ...{ subject, cache },
  }
  const prepared = await purposeHandler(body.purpose).prepare(input)
  const providerName: ProviderName = prepared.priced.total === 0 ? 'free' : settings.provider
  const provider = PROVIDERS[providerName]
  const context = await providerContext(db, company)
  if (!provider.configured(context)) throw paymentNotConfigured(providerName)

  const { cart, payment } = await db.transaction((tx) =>
    writeCart(
      tx,
      input,
      { ...prepared, details: { ...prepared.details, locale } },
      providerName,
      settings.currency,
    ),
  )
  const email = await customerEmail(db, company.id, cart.customerId)
  const forProvider = providerPayment(company, payment, cart, {
    description: prepared.description,
    email,
  })
  const created = await provider.create(context, forProvider).catch(async (error: unknown) => {
    await db
      .update(payments)
      .set({ status: 'failed', errorType: 'providerError', updatedAt: clock.now() })
      .where(and(eq(payments.companyId, company.id), eq(payments.id, payment.id)))
    throw error
  })
  await db
    .update(payments)
    .set({
      providerRef: created.providerRef,
      providerToken: created.token,
      data: { ...payment.data, ...created.data },
      updatedAt: clock.now(),
    })
    .where(and(eq(payments.companyId, company.id), eq(payments.id, payment.id)))

  if (prepared.priced.total === 0) {
    const settled = await settle(db, {
      company,
      paymentId: payment.id,
      outcome: {
        kind: 'succeeded',
        amountCents: 0,
        currency: payment.currency,
        transactionId: created.providerRef,
      },
      eventKey: `initialize:${payment.id}`,
      source: 'initialize',
    })
    // e.g. the voucher was spent by another cart a moment ago: say so rather than "paid"
    if (settled.status === 'failed') {
      // the reason is one of ours (refuseFulfilment); a stored one from elsewhere is a conflict
      const type = isApiErrorType(settled.errorType) ? settled.errorType : 'conflict'
      throw new Refusal(409, type, settled.message)
    }
  }
  const money = (amount: number) => ({ amount, currency: cart.currency })
  return {
    cartId: cart.id,
    result: { token: created.token },
    prices: {
      subtotal: money(prepared.priced.subtotal),
      discount: money(prepared.priced.discount),
      total: money(prepared.priced.total),
    },
    ...(prepared.priced.coupon
      ? {
          coupon: {
            code: prepared.priced.coupon.code,
            discount: money(prepared.priced.coupon.discount),
          },
        }
      : {}),
  }
}
