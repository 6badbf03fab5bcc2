import * as z from 'zod/mini'
import { email, id, instant, isoDate, maybe, money } from './common'

/** docs/product/3-entities.md Gift voucher. Amounts in minor units; remaining drops as it is used. */
export const gift = z.object({
  id,
  code: z.string().check(z.minLength(1)),
  /** recipient name and e-mail */
  to: z.string(),
  email,
  from: maybe(z.string()),
  message: maybe(z.string()),
  amount: money,
  remaining: money,
  themeId: maybe(id),
  /** the service it is restricted to, if any */
  serviceId: maybe(id),
  validUntil: maybe(isoDate),
  createdAt: instant,
})
export type Gift = z.infer<typeof gift>

/** GET /api/gifts/check/:code: usable means not expired and remaining above zero. */
export const giftCheckResponse = z.object({ gift, usable: z.boolean() })

export const giftResendRequest = z.object({ to: z.string().check(z.minLength(1)), email })

export const giftUsage = z.object({ nbUsed: z.int().check(z.nonnegative()) })

/** A gift sale as booking admin sees it (GET /giftOrders/history). */
export const giftOrder = z.object({
  idgift: id,
  gift,
  shopId: id,
  customerId: maybe(id),
  paid: money,
  /** what refunds of its purchase gave back (and took off the voucher) */
  refunded: z.optional(money),
  createdAt: instant,
})
