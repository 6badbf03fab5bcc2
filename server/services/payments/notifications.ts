import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { type CompanyRow, carts, payments } from '../../db/schema/index.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { providerContext } from './context.ts'
import { verifyAndSettle } from './pay.ts'
import { providerNamed } from './providers/index.ts'
import type { RawNotification } from './providers/types.ts'
import { settle } from './settle.ts'

/**
 * POST /api/payment/notify/:provider/:companyToken (not a contract call: providers call it).
 * A provider that signs its notifications (stripe webhook, payzen IPN, monetico CGI2) is read
 * through its verifier (a bad signature is 400 and changes nothing), the event applied once
 * (its provider event key). Saferpay's notification carries nothing to trust: it only says
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
    const note = await provider.notification(providerContext(company), raw)
    if (note.providerRef === undefined || note.outcome === undefined) return
    const [payment] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.companyId, company.id),
          eq(payments.provider, provider.name),
          eq(payments.providerRef, note.providerRef),
        ),
      )
    if (!payment) return
    await settle(db, {
      company,
      paymentId: payment.id,
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
