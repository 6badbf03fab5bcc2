import { randomUUID } from 'node:crypto'
import type { Tx } from '#server/db/client.ts'
import { payments } from '#server/db/schema/index.ts'

/**
 * A visit booked at the desk to be paid at the shop (docs/decisions/077-desk-booking.md): the
 * same record the free provider leaves for a booking confirmed with its amount due at the shop
 * (decision 012, succeed.ts): a free payment left pending with `dueAtShop`, which the order
 * views show as due and `POST /api/payment/at-shop` settles. Nothing is written when nothing
 * is due.
 */
export async function recordDueAtShop(
  tx: Tx,
  due: {
    readonly companyId: number
    readonly cartId: string
    readonly orderId: string
    readonly amountCents: number
    readonly currency: string
    /** the company user who booked */
    readonly by: string
    readonly now: Date
  },
): Promise<void> {
  if (due.amountCents <= 0) return
  const id = randomUUID()
  await tx.insert(payments).values({
    id,
    companyId: due.companyId,
    cartId: due.cartId,
    provider: 'free',
    status: 'pending',
    amountCents: due.amountCents,
    currency: due.currency,
    providerRef: `free_${id}`,
    data: { dueAtShop: true, orderId: due.orderId, bookedAtDesk: { by: due.by } },
    createdAt: due.now,
    updatedAt: due.now,
  })
}
