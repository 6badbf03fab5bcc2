import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import { type Coupon, coupon as couponSchema } from '#contract/coupon.ts'
import { type CouponUses, couponLimitRefusal, isLimited } from '#domain/coupon/limits.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { carts, couponRedemptions } from '#server/db/schema/index.ts'
import { lockAll, Refusal, unauthorized } from '#server/kernel/index.ts'
import { findContent, toEntity } from './repository.ts'

/**
 * Coupon usage limits, enforced (docs/decisions/013-coupon-limits.md): payment
 * initialize reserves a use for its cart under the coupon's advisory lock, the success
 * transaction turns it used, a cart given up releases it. A reserved use counts only while its
 * cart can still be paid (open or paying, not past its expiry), so a lapsed cart frees its use
 * at once, and the sweeper's release only tidies the row.
 */

export const couponLock = (couponId: string) => `coupon:${couponId}`

/** The refusals of a reached limit (docs/product/8-errors.md {code, message}; types the islands localise). */
export function limitError(refusal: 'couponUsed' | 'couponSignIn'): Refusal {
  return refusal === 'couponUsed'
    ? new Refusal(409, 'couponUsed', 'This coupon has already been used.')
    : unauthorized('Sign in to use this coupon.', 'couponSignIn')
}

/** The live uses of a coupon (see above), leaving out `exceptCartId` (the cart being priced). */
export async function couponUses(
  db: Db | Tx,
  companyId: number,
  couponId: string,
  customerId: string | undefined,
  now: Date,
  exceptCartId?: string,
): Promise<CouponUses> {
  const r = couponRedemptions
  const live = or(
    eq(r.status, 'used'),
    and(
      eq(r.status, 'reserved'),
      sql`exists (select 1 from ${carts} where ${carts.companyId} = ${r.companyId}
        and ${carts.id} = ${r.cartId} and ${carts.status} in ('open', 'paying')
        and (${carts.expiresAt} is null or ${carts.expiresAt} > ${now.toISOString()}))`,
    ),
  )
  const filters: (SQL | undefined)[] = [eq(r.companyId, companyId), eq(r.couponId, couponId), live]
  if (exceptCartId !== undefined) filters.push(ne(r.cartId, exceptCartId))
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      byCustomer: sql<number>`(count(*) filter (where ${r.customerId} = ${customerId ?? ''}))::int`,
    })
    .from(r)
    .where(and(...filters))
  return {
    total: Number(row?.total ?? 0),
    byCustomer: customerId === undefined ? undefined : Number(row?.byCustomer ?? 0),
  }
}

/** Throws the limit refusal for one more use of the coupon, if any (reads only). */
export async function checkCouponLimits(
  db: Db | Tx,
  companyId: number,
  found: Coupon,
  customerId: string | undefined,
  now: Date,
  options: { readonly redeeming: boolean; readonly exceptCartId?: string },
): Promise<void> {
  if (!isLimited(found)) return
  const uses = await couponUses(db, companyId, found.id, customerId, now, options.exceptCartId)
  const refusal = couponLimitRefusal(found, uses, options.redeeming)
  if (refusal) throw limitError(refusal)
}

async function couponById(tx: Tx, companyId: number, couponId: string): Promise<Coupon> {
  const row = await findContent(tx, companyId, 'coupons', { id: couponId })
  const parsed = row ? couponSchema.safeParse(toEntity(couponSchema, row)) : undefined
  // Deleted or broken between pricing and now: the code is as good as unknown.
  if (!parsed?.success) throw new Refusal(404, 'notFound', 'Unknown coupon.')
  return parsed.data
}

export interface CartCoupon {
  readonly companyId: number
  readonly cartId: string
  readonly customerId: string | null
}

/** Gives back the cart's reserved use, if any (cart abandoned, expired or re-initialised). */
export async function releaseCouponFor(
  tx: Tx,
  cart: Pick<CartCoupon, 'companyId' | 'cartId'>,
  now: Date,
): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ status: 'released', updatedAt: now })
    .where(
      and(
        eq(couponRedemptions.companyId, cart.companyId),
        eq(couponRedemptions.cartId, cart.cartId),
        eq(couponRedemptions.status, 'reserved'),
      ),
    )
}

/**
 * In initialize's transaction, once the cart row exists: the cart's earlier reservation is
 * released, then, under the coupon's advisory lock (parallel initializes of one coupon queue
 * here), its live uses are counted and a use reserved, or 409 couponUsed rolls the whole
 * initialize back. No coupon: only the release.
 */
export async function reserveCouponFor(
  tx: Tx,
  cart: CartCoupon,
  couponId: string | undefined,
  now: Date,
): Promise<void> {
  await releaseCouponFor(tx, cart, now)
  if (couponId === undefined) return
  await lockAll(tx, cart.companyId, [couponLock(couponId)])
  const found = await couponById(tx, cart.companyId, couponId)
  await checkCouponLimits(tx, cart.companyId, found, cart.customerId ?? undefined, now, {
    redeeming: true,
    exceptCartId: cart.cartId,
  })
  await tx.insert(couponRedemptions).values({
    companyId: cart.companyId,
    couponId,
    cartId: cart.cartId,
    customerId: cart.customerId,
    status: 'reserved',
    createdAt: now,
    updatedAt: now,
  })
}

/**
 * In the payment's success transaction: the cart's reserved use becomes used. Counted again
 * under the coupon's lock, the cart left out: a cart that lapsed while its payment was on the
 * way may have lost its use to another cart, and is then refused (409 couponUsed: the caller
 * refunds) rather than using the coupon once too often.
 */
export async function consumeCouponFor(tx: Tx, cart: CartCoupon, now: Date): Promise<void> {
  const r = couponRedemptions
  const [reserved] = await tx
    .select()
    .from(r)
    .where(
      and(
        eq(r.companyId, cart.companyId),
        eq(r.cartId, cart.cartId),
        inArray(r.status, ['reserved', 'used']),
      ),
    )
  if (!reserved || reserved.status === 'used') return
  await lockAll(tx, cart.companyId, [couponLock(reserved.couponId)])
  const found = await couponById(tx, cart.companyId, reserved.couponId).catch(() => undefined)
  if (found) {
    await checkCouponLimits(tx, cart.companyId, found, cart.customerId ?? undefined, now, {
      redeeming: true,
      exceptCartId: cart.cartId,
    })
  }
  await tx
    .update(r)
    .set({ status: 'used', usedAt: now, updatedAt: now })
    .where(and(eq(r.companyId, cart.companyId), eq(r.id, reserved.id)))
}

/** The coupon's redemptions (tests and support), newest last. */
export async function redemptionsOf(db: Db | Tx, companyId: number, couponId?: string) {
  const r = couponRedemptions
  return db
    .select()
    .from(r)
    .where(
      and(
        eq(r.companyId, companyId),
        couponId === undefined ? undefined : eq(r.couponId, couponId),
      ),
    )
    .orderBy(r.createdAt)
}
