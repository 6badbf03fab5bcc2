import { and, count, eq, gt, inArray, type SQL } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { carts } from '#server/db/schema/index.ts'
import { lockAll, tooManyRequests } from '#server/kernel/index.ts'

/**
 * Pending (unpaid) e-shop and gift carts (docs/decisions/017-abuse-limits.md). Each one keeps
 * stock or a pending voucher for UNPAID_CART_MINUTES, so one client could otherwise take a whole
 * stock by initialising and never paying. A new one is refused (429 tooManyPendingCarts) when
 * the customer already has 5, or the client address 10 (a household or an office shares one).
 */
export const PENDING_CART_LIMITS = { perCustomer: 5, perAddress: 10 } as const

export const pendingCartLock = (who: string) => `pending-carts:${who}`

/**
 * Called in initialize's transaction before a new e-shop or gift cart is written: under the
 * advisory locks of the customer and the address (taken before any row, in lockAll's order), so
 * of a parallel burst exactly the carts under the limits are written.
 */
export async function assertPendingCartRoom(
  tx: Tx,
  companyId: number,
  who: { customerId: string | undefined; clientAddress: string | undefined },
  now: Date,
): Promise<void> {
  const { customerId, clientAddress } = who
  const names = [
    ...(customerId === undefined ? [] : [pendingCartLock(`customer:${customerId}`)]),
    ...(clientAddress === undefined ? [] : [pendingCartLock(`address:${clientAddress}`)]),
  ]
  await lockAll(tx, companyId, names)
  const pending = (owner: SQL | undefined) =>
    tx
      .select({ n: count() })
      .from(carts)
      .where(
        and(
          eq(carts.companyId, companyId),
          inArray(carts.purpose, ['eshop', 'gift', 'reschedule']),
          inArray(carts.status, ['open', 'paying']),
          gt(carts.expiresAt, now),
          owner,
        ),
      )
  if (customerId !== undefined) {
    const [mine] = await pending(eq(carts.customerId, customerId))
    if ((mine?.n ?? 0) >= PENDING_CART_LIMITS.perCustomer) throw tooManyPending()
  }
  if (clientAddress !== undefined) {
    const [fromAddress] = await pending(eq(carts.clientAddress, clientAddress))
    if ((fromAddress?.n ?? 0) >= PENDING_CART_LIMITS.perAddress) throw tooManyPending()
  }
}

const tooManyPending = () =>
  tooManyRequests(
    'Too many unpaid orders are waiting: pay or give up one of them, or try again later.',
    'tooManyPendingCarts',
  )
