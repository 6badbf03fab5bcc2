import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { type GiftRow, giftMovements, gifts } from '#server/db/schema/index.ts'
import { badRequest, clock, notFound, Refusal } from '#server/kernel/index.ts'
import { normaliseGiftCode } from './code.ts'
import { isUsable } from './view.ts'

export interface RedeemInput {
  readonly companyId: number
  readonly code: string
  /** what is left to pay, minor units: the voucher pays up to this */
  readonly amount: number
  /** the cart it pays: a cart spends a voucher once (a retried payment spends nothing more) */
  readonly cartId?: string | undefined
  readonly bookingOrderId?: string | undefined
  readonly by?: string | undefined
  readonly now?: Date | undefined
}

export interface Redemption {
  readonly giftId: string
  /** what the voucher paid, minor units (> 0) */
  readonly applied: number
  /** what is left on the voucher afterwards */
  readonly remaining: number
}

/**
 * One refusal per situation, whichever path meets it (pricing at initialize or spending at
 * payment), so PGlite and PostgreSQL answer alike. They used to differ: pricing said 400
 * giftUnusable for a spent voucher and spending said 409 giftUsed, and which one a customer
 * got depended on timing. PGlite runs one transaction at a time, so a second payment was
 * always priced after the first had spent the voucher (400); on PostgreSQL both were priced
 * before either spent it, and the loser failed while spending (409). Now (docs/api/errors.md):
 * - unknown, unpaid (pending) or cancelled code: 404 giftNotFound
 * - nothing left: 409 giftUsed (a state conflict, like outOfStock)
 * - past its last valid day: 409 giftExpired
 * - restricted to a service the cart does not hold: 400 giftUnusable (pricing only)
 */
export const giftNotFound = () => notFound('Unknown gift code.', 'giftNotFound')
export const giftSpent = () => new Refusal(409, 'giftUsed', 'Conflict: this gift card is used up.')
export const giftExpired = () =>
  new Refusal(409, 'giftExpired', 'Conflict: this gift card expired.')

/** Why this voucher cannot pay now (undefined: it can), in the order the checks matter. */
export function giftRefusal(gift: GiftRow | undefined, now: Date): Refusal | undefined {
  if (gift?.status !== 'active') return giftNotFound()
  if (gift.remainingCents <= 0) return giftSpent()
  if (!isUsable(gift, now)) return giftExpired()
  return undefined
}

/** Throws the voucher's refusal (giftRefusal); past it, the voucher can pay. */
export function assertGiftCanPay(gift: GiftRow | undefined, now: Date): asserts gift is GiftRow {
  const refusal = giftRefusal(gift, now)
  if (refusal) throw refusal
}

/**
 * A voucher pays up to `amount` of a cart. The row is locked (SELECT ... FOR UPDATE) for the
 * rest of the caller's transaction, so concurrent spends of one code queue and each sees what the
 * previous one left; the decrement also requires `remaining_cents >= applied` and the CHECK keeps
 * it >= 0, so the balance can never go negative whatever the isolation. Refusals: unknown or
 * unpaid code 404 `giftNotFound`; nothing left 409 `giftUsed`; past validUntil 409 `giftExpired`.
 */
export async function redeemGift(tx: Tx, input: RedeemInput): Promise<Redemption> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw badRequest('The amount to pay must be a positive integer.', 'invalidInput')
  }
  const now = input.now ?? clock.now()
  const [gift] = await tx
    .select()
    .from(gifts)
    .where(and(eq(gifts.companyId, input.companyId), eq(gifts.code, normaliseGiftCode(input.code))))
    .for('update')
  if (gift?.status !== 'active') throw giftNotFound()
  const previous = input.cartId ? await cartRedemption(tx, gift, input.cartId) : undefined
  if (previous !== undefined) {
    return { giftId: gift.id, applied: previous, remaining: gift.remainingCents }
  }
  assertGiftCanPay(gift, now)

  const applied = Math.min(input.amount, gift.remainingCents)
  const [updated] = await tx
    .update(gifts)
    .set({ remainingCents: sql`${gifts.remainingCents} - ${applied}`, updatedAt: now })
    .where(
      and(
        eq(gifts.companyId, input.companyId),
        eq(gifts.id, gift.id),
        sql`${gifts.remainingCents} >= ${applied}`,
      ),
    )
    .returning({ remaining: gifts.remainingCents })
  if (!updated) throw giftSpent()
  await tx.insert(giftMovements).values({
    companyId: input.companyId,
    giftId: gift.id,
    kind: 'redeem',
    amountCents: -applied,
    cartId: input.cartId ?? null,
    bookingOrderId: input.bookingOrderId ?? null,
    by: input.by ?? null,
    at: now,
  })
  return { giftId: gift.id, applied, remaining: updated.remaining }
}

/** What this cart already took from the voucher, net of refunds (undefined: never redeemed). */
async function cartRedemption(tx: Tx, gift: GiftRow, cartId: string): Promise<number | undefined> {
  const rows = await tx
    .select({ kind: giftMovements.kind, amount: giftMovements.amountCents })
    .from(giftMovements)
    .where(
      and(
        eq(giftMovements.companyId, gift.companyId),
        eq(giftMovements.giftId, gift.id),
        eq(giftMovements.cartId, cartId),
      ),
    )
  if (!rows.some((row) => row.kind === 'redeem')) return undefined
  return -rows.reduce((sum, row) => sum + (row.kind === 'purchase' ? 0 : row.amount), 0)
}
