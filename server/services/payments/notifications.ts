import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, carts, payments } from '#server/db/schema/index.ts'
import { badRequest, notFound } from '#server/kernel/index.ts'
import { providerContext } from './context.ts'
import { verifyAndSettle } from './pay.ts'
import { providerNamed } from './providers/index.ts'
import type { ProviderNotification, RawNotification } from './providers/types.ts'
import { recordProviderRefund } from './refund-record.ts'
import { settle } from './settle.ts'
import { OPEN_PAYMENT_STATUSES } from './statuses.ts'

/**
 * POST /api/payment/notify/:provider/:companyToken (not a contract call: providers call it).
 * A provider that signs its notifications (stripe webhook, payzen IPN, monetico CGI2, paypal
 * webhook verified with PayPal) is read through its verifier (a bad signature is 400 and
 * changes nothing), the event applied once (its provider event key): an outcome is settled, an
 * event that only says "ask" (PayPal's order approved) is verified with the provider (the
 * capture), a refund the provider reports is booked unless it is one of ours
 * (recordProviderRefund). Saferpay's notification carries nothing to trust: it only says
 * "ask", so the payment named by payId is asserted with Saferpay. An event about a payment we
 * do not know is acknowledged and ignored (the provider account may serve other systems).
 */
export async function handleNotification(
  db: Db,
  company: CompanyRow,
  providerName: string,
  raw: RawNotification,
  payId: string | undefined,
): Promise<void> {
  const provider = providerNamed(providerName)
  if (!provider) throw notFound('No such payment provider.')
  if (provider.notification) {
    const note = await provider.notification(await providerContext(db, company), raw)
    const row = await notifiedPayment(db, company.id, provider.name, note)
    if (!row) return
    if (note.refund) {
      await recordProviderRefund(db, company, row.carts, row.payments.id, {
        eventKey: note.eventKey,
        refund: note.refund,
        payload: note.payload,
      })
      return
    }
    if (note.askProvider) {
      // Only the payment still waiting is captured: a superseded or settled one is left alone.
      const open: readonly string[] = OPEN_PAYMENT_STATUSES
      if (row.carts.status === 'paid' || !open.includes(row.payments.status)) return
      await verifyAndSettle(
        db,
        company,
        row.carts,
        row.payments,
        undefined,
        'notification',
        note.eventKey,
      )
      return
    }
    if (note.outcome === undefined) return
    await settle(db, {
      company,
      paymentId: row.payments.id,
      outcome: note.outcome,
      eventKey: note.eventKey,
      source: 'notification',
      payload: note.payload,
    })
    return
  }
  if (!payId) throw badRequest('payId is required.', 'invalidInput')
  const [row] = await db
    .select()
    .from(payments)
    .innerJoin(carts, and(eq(carts.companyId, payments.companyId), eq(carts.id, payments.cartId)))
    .where(
      and(
        eq(payments.companyId, company.id),
        eq(payments.id, payId),
        eq(payments.provider, provider.name),
      ),
    )
  if (!row) throw notFound('No such payment.')
  if (row.carts.status === 'paid') return
  await verifyAndSettle(db, company, row.carts, row.payments, undefined, 'notification')
}

/** The payment (with its cart) a verified notification is about, by providerRef or transaction. */
async function notifiedPayment(
  db: Db,
  companyId: number,
  provider: string,
  note: ProviderNotification,
) {
  const which =
    note.providerRef !== undefined
      ? eq(payments.providerRef, note.providerRef)
      : note.transactionId !== undefined
        ? sql`${payments.data}->>'transactionId' = ${note.transactionId}`
        : undefined
  if (which === undefined) return undefined
  const [row] = await db
    .select()
    .from(payments)
    .innerJoin(carts, and(eq(carts.companyId, payments.companyId), eq(carts.id, payments.cartId)))
    .where(and(eq(payments.companyId, companyId), eq(payments.provider, provider), which))
    .limit(1)
  return row
}
