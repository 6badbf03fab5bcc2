import { and, count, eq, gt } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type CompanyRow, giftMovements, gifts } from '#server/db/schema/index.ts'
import { clock, notFound, tooManyRequests } from '#server/kernel/index.ts'
import type { Notifier } from '../notifier/index.ts'
import { giftLocale, giftMessage } from './message.ts'

/** A voucher's code is e-mailed again at most this often per hour (a mail bomb otherwise). */
export const MAX_RESENDS_PER_HOUR = 5

/**
 * POST /api/gifts/:id/resend {to, email}: the buyer corrects the recipient and the code goes out
 * again. Only the buyer's own paid voucher (another's, a pending or unknown one: 404). The new
 * recipient and a 'resend' movement are written first, then the notifier sends (outbox, and
 * SMTP when configured: a refused mail is 502 and stays in the outbox).
 */
export async function resendGift(
  db: Db,
  notifier: Notifier,
  input: {
    company: CompanyRow
    customerId: string
    giftId: string
    to: string
    email: string
    now?: Date
  },
): Promise<void> {
  const now = input.now ?? clock.now()
  const companyId = input.company.id
  const gift = await db.transaction(async (tx) => {
    const [own] = await tx
      .select()
      .from(gifts)
      .where(
        and(
          eq(gifts.companyId, companyId),
          eq(gifts.id, input.giftId),
          eq(gifts.purchaserCustomerId, input.customerId),
          eq(gifts.status, 'active'),
        ),
      )
      .for('update')
    if (!own) throw notFound('No such gift.')
    const [recent] = await tx
      .select({ n: count() })
      .from(giftMovements)
      .where(
        and(
          eq(giftMovements.companyId, companyId),
          eq(giftMovements.giftId, own.id),
          eq(giftMovements.kind, 'resend'),
          gt(giftMovements.at, new Date(now.getTime() - 3600_000)),
        ),
      )
    if ((recent?.n ?? 0) >= MAX_RESENDS_PER_HOUR) {
      throw tooManyRequests('This gift card was sent too often, retry later.', 'tooManyResends')
    }
    const [updated] = await tx
      .update(gifts)
      .set({ recipientName: input.to, recipientEmail: input.email.toLowerCase(), updatedAt: now })
      .where(and(eq(gifts.companyId, companyId), eq(gifts.id, own.id)))
      .returning()
    await tx.insert(giftMovements).values({
      companyId,
      giftId: own.id,
      kind: 'resend',
      by: input.customerId,
      note: input.email.toLowerCase(),
      at: now,
    })
    return updated ?? own
  })
  // the same e-mail as on activation, in the buyer's language (message.ts)
  await notifier.send(giftMessage(gift, input.company, await giftLocale(db, gift)))
}
