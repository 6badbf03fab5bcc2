import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import {
  appointments,
  carts,
  eshopOrderLines,
  eshopOrders,
  gifts,
  loyaltyCards,
  medias,
  passwordResets,
} from '#server/db/schema/index.ts'
import { hashToken } from '#server/services/auth/index.ts'
import type { TestApi } from '#server/test/harness.ts'
import { insertBookingOrder } from '#server/test/orders.ts'
import { CREATE_BODIES } from './bodies.ts'
import { seedForeignDays } from './foreign-days.ts'
import type { ForeignRows } from './foreign-row-ids.ts'
import type { Tenant } from './sessions.ts'

export type { ForeignRows } from './foreign-row-ids.ts'

/**
 * Company B's rows for the isolation test, one of each thing a by-id call can name. Content is
 * created through B's own provider session (so each row is what the API itself writes, and B
 * can read it back: the positive control); orders, gifts, cards and reset tokens are written
 * straight to the database, as the services' own tests do, since making them through the API
 * needs a payment flow that is not what is under test here.
 */

/** Creates one entity through the API as B's provider and answers its id. */
async function create(t: TestApi, b: Tenant, path: string, body: unknown): Promise<string> {
  const res = await t.call(path, { company: b.token, bearer: b.bearers.provider, json: body })
  const id = (res.body as { id?: unknown } | undefined)?.id
  if (res.status !== 200 || (typeof id !== 'string' && typeof id !== 'number')) {
    throw new Error(`B could not create ${path}: ${res.status} ${JSON.stringify(res.body)}`)
  }
  return String(id)
}

async function resetToken(t: TestApi, b: Tenant, accountId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await t.db.insert(passwordResets).values({
    companyId: b.companyId,
    accountId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 3600_000),
  })
  return token
}

export async function seedForeignRows(t: TestApi, b: Tenant): Promise<ForeignRows> {
  const body = CREATE_BODIES
  const shop = await create(t, b, '/api/shops', body.shop)
  const service = await create(t, b, '/api/articles', body.service)
  const product = await create(t, b, '/api/articles', body.product)
  // The shop performs the service, so B's own availability read answers (the positive control).
  await create(t, b, `/api/shops/link/article/${shop}`, { articleId: service })
  const category = await create(t, b, '/api/categories', body.category)
  const eshopCategory = await create(t, b, '/api/eshopcategories', body.eshopCategory)
  const geogroupment = await create(t, b, '/api/geogroupments', body.geogroupment)
  const resource = await create(t, b, '/api/resources', { ...body.resource, shopId: shop })
  const alert = await create(t, b, '/api/alerts', body.alert)
  const event = await create(t, b, '/api/events', body.event)
  const coupon = await create(t, b, '/api/coupons', body.coupon)
  const postCategory = await create(t, b, '/api/postcategories', body.postCategory)
  const post = await create(t, b, '/api/posts', body.post)
  const consentForm = await create(t, b, '/api/consentements', {
    serviceId: service,
    texts: { fr: { title: 'Consentement', body: 'Je consens.' } },
  })
  const pigment = await create(t, b, '/api/pigments', body.pigment)
  const needle = await create(t, b, '/api/needles', body.needle)
  const dossier = await create(t, b, '/api/dossiers', {
    ...body.dossier,
    customerId: b.ids.customer,
  })
  const prestation = await create(t, b, '/api/prestations', {
    ...body.prestation,
    dossierId: dossier,
    pigmentIds: [pigment],
    needleIds: [needle],
  })

  const collectionSchema = await create(t, b, '/api/collections/schemas', body.collectionSchema)
  const collectionItem = await create(t, b, '/api/collections/items', body.collectionItem)

  const order = await insertBookingOrder(t.db, b.host, {
    customerId: b.ids.customer,
    shopId: shop,
    serviceId: service,
    status: 'confirmed',
    start: '2099-03-10T10:00',
  })
  const held = await insertBookingOrder(t.db, b.host, {
    customerId: b.ids.customer,
    shopId: shop,
    serviceId: service,
    status: 'pending',
    start: '2099-03-11T10:00',
  })
  await t.db
    .update(carts)
    .set({ expiresAt: new Date('2099-01-01T00:00:00Z') })
    .where(and(eq(carts.companyId, b.companyId), eq(carts.id, held.cartId)))
  const [appointment] = await t.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.companyId, b.companyId), eq(appointments.cartId, order.cartId)))
  const [eshop] = await t.db
    .insert(eshopOrders)
    .values({
      companyId: b.companyId,
      number: 'BETA-E-1',
      customerId: b.ids.customer,
      shopId: shop,
      status: 'paid',
      subtotalCents: 2400,
      totalCents: 2400,
      paidAt: new Date(),
    })
    .returning()
  if (!eshop || !appointment) throw new Error('B: no e-shop order or appointment')
  await t.db.insert(eshopOrderLines).values({
    companyId: b.companyId,
    orderId: eshop.id,
    lineNo: 1,
    articleId: product,
    name: { fr: 'Bougie' },
    quantity: 1,
    unitPriceCents: 2400,
    totalCents: 2400,
  })
  const [gift] = await t.db
    .insert(gifts)
    .values({
      companyId: b.companyId,
      // stored as services/gifts/code.ts normalises it (no dashes, upper case)
      code: 'BETAGIFT0001',
      status: 'active',
      amountCents: 5000,
      remainingCents: 5000,
      recipientName: 'Léa',
      recipientEmail: 'lea@beta.example',
      purchaserCustomerId: b.ids.customer,
      purchaserEmail: `customer@beta.example`,
      shopId: shop,
    })
    .returning()
  const [card] = await t.db
    .insert(loyaltyCards)
    .values({
      companyId: b.companyId,
      customerId: b.ids.customer,
      number: 'BETA-LC-1',
      points: 120,
    })
    .returning()
  const [picture] = await t.db
    .insert(medias)
    .values({
      companyId: b.companyId,
      dir: 'images',
      hash: 'b'.repeat(32),
      type: 'png',
      width: 1,
      height: 1,
      variants: [],
      alt: { fr: 'B' },
    })
    .returning()
  if (!gift || !card || !picture) throw new Error('B: no gift, loyalty card or media')

  return {
    shop,
    shopSlug: body.shop.slug,
    service,
    serviceSlug: body.service.slug,
    product,
    category,
    categorySlug: body.category.slug,
    eshopCategory,
    geogroupment,
    resource,
    resourceSlug: body.resource.slug,
    alert,
    ...(await seedForeignDays(t, b, shop, create)),
    event,
    coupon,
    postCategory,
    post,
    postSlug: body.post.slug,
    collectionSchema,
    collectionItem,
    collectionType: body.collectionSchema.type,
    bookingOrder: order.id,
    ideorder: order.ideorder,
    cart: order.cartId,
    liveCart: held.cartId,
    appointment: appointment.id,
    eshopOrder: eshop.id,
    gift: gift.id,
    giftCode: gift.code,
    loyaltyCard: card.id,
    customerResetToken: await resetToken(t, b, b.ids.customer),
    providerResetToken: await resetToken(t, b, b.ids.provider),
    consentForm,
    media: picture.id,
    pigment,
    needle,
    dossier,
    prestation,
  }
}
