import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { gifts } from '#server/db/schema/index.ts'
import { Refusal } from '#server/kernel/index.ts'
import { type CodeGuard, unguarded } from '../abuse/index.ts'
import { assertGiftCanPay, normaliseGiftCode } from '../gifts/index.ts'
import type { ChargedLine } from './lines.ts'
import { voucherShare } from './totals.ts'

/** docs/api/errors.md: a voucher restricted to a service the cart does not hold */
const giftUnusable = (message: string) => new Refusal(400, 'giftUnusable', message)

export interface AppliedVoucher {
  readonly giftId: string
  readonly code: string
  /** what it pays of this cart, minor units */
  readonly amount: number
}

/**
 * Gift vouchers paying a booking (docs/product/5-rules.md#gifts: up to its remaining amount).
 * Each code, in the order given, pays min(remaining, what is still due); a voucher restricted to
 * a service pays at most that service's lines. A code that cannot pay is refused (a customer who
 * typed a code must learn it paid nothing rather than be charged in full silently) with the
 * gift service's refusal for its situation (giftRefusal: 404 giftNotFound, 409 giftUsed, 409
 * giftExpired), the same that spending it would give, so the answer does not depend on whether
 * a concurrent payment spent it before or after this pricing; a voucher for another service is
 * 400 giftUnusable. This only prices: the remaining amount
 * is spent when the payment succeeds (redeemGift, guarded so that two carts cannot both take
 * the last euro; the loser is refunded).
 */
export async function applyVouchers(
  db: Db,
  companyId: number,
  codes: readonly string[],
  lines: readonly ChargedLine[],
  due: number,
  now: Date,
  guard: CodeGuard = unguarded,
): Promise<AppliedVoucher[]> {
  const applied: AppliedVoucher[] = []
  let left = due
  // Codes compare as the gift service stores them (upper case, no spaces or dashes).
  const unique = [...new Set(codes.map(normaliseGiftCode).filter((c) => c !== ''))]
  for (const code of unique) {
    const gift = await guard('voucher', async () => {
      const [row] = await db
        .select()
        .from(gifts)
        .where(and(eq(gifts.companyId, companyId), eq(gifts.code, code)))
        .limit(1)
      return row
    })
    assertGiftCanPay(gift, now)
    const base =
      gift.serviceId === null
        ? left
        : lines.filter((l) => l.articleId === gift.serviceId).reduce((sum, l) => sum + l.total, 0)
    if (gift.serviceId !== null && base === 0) {
      throw giftUnusable(`The gift voucher ${code} is for another service.`)
    }
    const amount = voucherShare(gift.remainingCents, base, left)
    if (amount > 0) applied.push({ giftId: gift.id, code: gift.code, amount })
    left -= amount
  }
  return applied
}
