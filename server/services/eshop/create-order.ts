import { randomInt } from 'node:crypto'
import { MAX_LINE_QUANTITY } from '#domain/money/bounds.ts'
import type { Tx } from '#server/db/client.ts'
import {
  type EshopOrderLineRow,
  type EshopOrderRow,
  eshopOrderLines,
  eshopOrders,
} from '#server/db/schema/index.ts'
import { badRequest, clock, notFound } from '#server/kernel/index.ts'
import { findContent } from '../content/index.ts'
import { GIFT_CODE_ALPHABET } from '../gifts/index.ts'
import { findProducts, unitPriceAt } from './catalogue.ts'
import { decrementStock, type StockLine } from './stock.ts'

/**
 * At most this many units of one product per order (docs/product/9-constants.md#money-bounds: one
 * rule, src/domain/money/bounds).
 */
export { MAX_LINE_QUANTITY }

export interface CreateEshopOrderInput {
  readonly companyId: number
  readonly customerId: string
  readonly shopId: string
  /** what the client asked for: ids and quantities only, never prices */
  readonly lines: readonly StockLine[]
  readonly cartId?: string | undefined
  readonly currency?: string | undefined
  /** a discount the server computed (coupon), capped at the subtotal */
  readonly discountCents?: number | undefined
  readonly now?: Date | undefined
}

export interface CreatedEshopOrder {
  readonly order: EshopOrderRow
  readonly lines: readonly EshopOrderLineRow[]
}

/** E20261122-7KQ4MX: the day it was placed and six unambiguous random symbols. */
function orderNumber(now: Date): string {
  let suffix = ''
  for (let i = 0; i < 6; i++) suffix += GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)]
  return `E${now.toISOString().slice(0, 10).replaceAll('-', '')}-${suffix}`
}

/**
 * A 'pending' e-shop order priced from the catalogue (the shop's price, else the list price,
 * week price swapped in; client prices never reach this function) with the stock of its tracked
 * products taken in the SAME transaction (decrementStock: 409 `outOfStock`, nothing sold).
 * 400 for an empty order or a silly quantity, 404 for an unknown shop or product.
 */
export async function createEshopOrder(
  tx: Tx,
  input: CreateEshopOrderInput,
): Promise<CreatedEshopOrder> {
  const { companyId, shopId } = input
  const now = input.now ?? clock.now()
  if (input.lines.length === 0) throw badRequest('An order needs at least one line.', 'emptyOrder')
  for (const line of input.lines) {
    if (
      !Number.isInteger(line.quantity) ||
      line.quantity < 1 ||
      line.quantity > MAX_LINE_QUANTITY
    ) {
      throw badRequest(`A quantity is between 1 and ${MAX_LINE_QUANTITY}.`, 'invalidInput')
    }
  }
  if (!(await findContent(tx, companyId, 'shops', { id: shopId }))) throw notFound('No such shop.')
  const products = await findProducts(
    tx,
    companyId,
    input.lines.map((line) => line.articleId),
  )
  const priced = input.lines.map((line, index) => {
    const product = products.get(line.articleId)
    if (!product) throw notFound(`No such product: ${line.articleId}.`)
    const unitPrice = unitPriceAt(product, shopId)
    return {
      companyId,
      lineNo: index + 1,
      articleId: product.id,
      abId: product.abId ?? null,
      name: product.name,
      quantity: line.quantity,
      unitPriceCents: unitPrice,
      vat: product.vat ?? null,
      totalCents: unitPrice * line.quantity,
    }
  })
  await decrementStock(tx, companyId, shopId, input.lines, products)

  const subtotal = priced.reduce((sum, line) => sum + line.totalCents, 0)
  const discount = Math.min(Math.max(input.discountCents ?? 0, 0), subtotal)
  let order: EshopOrderRow | undefined
  for (let attempt = 0; !order && attempt < 5; attempt++) {
    ;[order] = await tx
      .insert(eshopOrders)
      .values({
        companyId,
        number: orderNumber(now),
        cartId: input.cartId ?? null,
        customerId: input.customerId,
        shopId,
        status: 'pending',
        subtotalCents: subtotal,
        discountCents: discount,
        totalCents: subtotal - discount,
        currency: input.currency ?? 'EUR',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning()
  }
  if (!order) throw new Error('could not draw a free order number')
  const orderId = order.id
  const lines = await tx
    .insert(eshopOrderLines)
    .values(priced.map((line) => ({ ...line, orderId })))
    .returning()
  return { order, lines }
}
