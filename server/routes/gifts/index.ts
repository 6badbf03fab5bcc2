import { giftsCalls } from '#contract/calls/gifts.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { codeGuard } from '#server/services/abuse/index.ts'
import {
  customerGifts,
  findGiftByCode,
  giftNotFound,
  giftUsesForService,
  giftView,
  isUsable,
  resendGift,
} from '#server/services/gifts/index.ts'

/**
 * Gift vouchers (docs/product/7-calls.md Gifts). Buying one is a payment (POST /api/payment/initialize with
 * purpose 'gift', services/gifts for the payments part); these are the reads and the resend.
 * check and nbused are public (the code is the secret); the lists are the signed-in customer's
 * purchases in this company.
 */
export const giftsRoutes: RouteSpec[] = [
  // Both look a code up: unknown codes count against the address (decision 017).
  handle(giftsCalls.check, async ({ c, company, params }) => {
    const { db } = c.var.deps
    const guard = codeGuard(db, company.id, clientAddress(c))
    const gift = await guard('voucher', () => findGiftByCode(db, company.id, params.code))
    if (!gift) throw giftNotFound()
    return { gift: giftView(gift), usable: isUsable(gift, new Date()) }
  }),

  handle(giftsCalls.nbUsed, async ({ c, company, params }) => {
    const { db } = c.var.deps
    const guard = codeGuard(db, company.id, clientAddress(c))
    const lookup = () => giftUsesForService(db, company.id, params.code, params.serviceId)
    return { nbUsed: (await guard('voucher', lookup)) ?? 0 }
  }),

  handle(giftsCalls.history, async ({ c, company, subject, query }) => {
    const { items, total } = await customerGifts(c.var.deps.db, company.id, subject.id, query)
    return { items: items.map(giftView), total, page: query.page, itemPerPage: query.itemPerPage }
  }),

  handle(giftsCalls.list, async ({ c, company, subject }) => {
    const { items } = await customerGifts(c.var.deps.db, company.id, subject.id)
    return items.map(giftView)
  }),

  handle(giftsCalls.resend, async ({ c, company, subject, params, body }) => {
    const { db, notifier } = c.var.deps
    await resendGift(db, notifier, {
      company,
      customerId: subject.id,
      giftId: params.id,
      to: body.to,
      email: body.email,
    })
    return { ok: true as const }
  }),
]
