import { and, eq, inArray, sql } from 'drizzle-orm'
import type { OrderBill } from '#contract/order-bill.ts'
import { maskGiftCode } from '#domain/gift/mask-code.ts'
import { orderBill } from '#domain/orders/order-total.ts'
import { type PaymentState, paymentState } from '#domain/orders/payment-state.ts'
import type { Db } from '#server/db/client.ts'
import { type CartRow, carts, contentTables, payments } from '#server/db/schema/index.ts'

type Money = { amount: number; currency: string }
/** The bill as the view sends it (amounts as {amount, currency}). */
export type BillWire = Omit<
  OrderBill,
  'lines' | 'subtotal' | 'coupon' | 'vouchers' | 'vat' | 'total' | 'refunded'
> & {
  lines: {
    articleId: string
    name: Record<string, string>
    quantity: number
    unitPrice: Money
    total: Money
    vatRate?: number
    vat: Money
  }[]
  subtotal: Money
  coupon?: { code: string; amount: Money }
  vouchers: { code: string; amount: Money }[]
  vat: Money
  total: Money
  refunded?: Money
}

/** A line as pricing kept it in carts.data.lines (services/pricing pricingRecord). */
export interface ChargedLineRecord {
  readonly articleId: string
  readonly name: Record<string, string>
  readonly quantity: number
  readonly unitPrice: number
  readonly vatRate: number | undefined
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined
const int = (v: unknown): number | undefined => (Number.isInteger(v) ? (v as number) : undefined)

/** A translated name's string entries (a JSON object may hold anything). */
export function textRecord(value: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record(value) ?? {}).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  )
}

/** The charged lines kept on a cart; [] when the cart has none (an order made at the desk). */
export function cartLines(cart: CartRow | undefined): ChargedLineRecord[] {
  const lines = cart?.data.lines
  if (!Array.isArray(lines)) return []
  return lines.flatMap((raw) => {
    const line = record(raw)
    const quantity = int(line?.quantity)
    const unitPrice = int(line?.unitPrice)
    if (!line || typeof line.articleId !== 'string' || !quantity || unitPrice === undefined)
      return []
    const rate = typeof line.vatRate === 'number' ? line.vatRate : undefined
    return [
      {
        articleId: line.articleId,
        name: textRecord(line.name),
        quantity,
        unitPrice,
        vatRate: rate,
      },
    ]
  })
}

/** The coupon pricing applied to the cart ({code, discount}), if any. */
export function cartCoupon(
  cart: CartRow | undefined,
): { code: string; discount: number } | undefined {
  const coupon = record(cart?.data.coupon)
  const discount = int(coupon?.discount)
  return coupon && typeof coupon.code === 'string' && discount !== undefined
    ? { code: coupon.code, discount }
    : undefined
}

/** The vouchers pricing applied to the cart, in the order they paid. */
export function cartVouchers(cart: CartRow | undefined): { code: string; amount: number }[] {
  const list = cart?.data.vouchers
  if (!Array.isArray(list)) return []
  return list.flatMap((raw) => {
    const voucher = record(raw)
    const amount = int(voucher?.amount)
    return voucher && typeof voucher.code === 'string' && amount !== undefined
      ? [{ code: voucher.code, amount }]
      : []
  })
}

export interface BillInput {
  readonly currency: string
  readonly shopName: string | undefined
  readonly lines: readonly ChargedLineRecord[]
  readonly coupon: { code: string; discount: number } | undefined
  readonly vouchers: readonly { code: string; amount: number }[]
  /** the payment facts besides the total (computed here) */
  readonly status: string
  /** paid by the payment (vouchers excluded), net of refunds */
  readonly paid: (total: number) => number
  readonly atShop: boolean
  /** given back so far, minor units (absent or 0: the bill names no refund) */
  readonly refunded?: number
}

/**
 * The order's bill: amounts from src/domain/orders/order-total.ts (the total recomputed from
 * the lines, never read from a column), the payment status from payment-state.ts.
 */
export function billOf(input: BillInput): BillWire {
  const amounts = orderBill({
    lines: input.lines,
    coupon: input.coupon?.discount ?? 0,
    vouchers: input.vouchers.map((v) => v.amount),
  })
  const money = (amount: number) => ({ amount, currency: input.currency })
  const payment: PaymentState = paymentState({
    status: input.status,
    due: amounts.total,
    paid: input.paid(amounts.total),
    atShop: input.atShop,
  })
  return {
    ...(input.shopName === undefined ? {} : { shopName: input.shopName }),
    lines: input.lines.map((line, i) => ({
      articleId: line.articleId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: money(line.unitPrice),
      total: money(amounts.lineTotals[i] ?? 0),
      ...(line.vatRate === undefined ? {} : { vatRate: line.vatRate }),
      vat: money(amounts.lineVat[i] ?? 0),
    })),
    subtotal: money(amounts.subtotal),
    ...(input.coupon ? { coupon: { code: input.coupon.code, amount: money(amounts.coupon) } } : {}),
    vouchers: input.vouchers.map((v, i) => ({
      code: maskGiftCode(v.code),
      amount: money(amounts.vouchers[i] ?? 0),
    })),
    vat: money(amounts.vat),
    total: money(amounts.total),
    ...(input.refunded ? { refunded: money(input.refunded) } : {}),
    payment,
  }
}

/** The shops' public names (publicInfo.name, docs/product/3-entities.md), by id, for this company. */
export async function shopNames(
  db: Db,
  companyId: number,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const table = contentTables.shops
  const rows = await db
    .select({ id: table.id, data: table.data })
    .from(table)
    .where(and(eq(table.companyId, companyId), inArray(table.id, unique)))
  return new Map(
    rows.flatMap((row) => {
      const name = shopNameOf(row.data)
      return name === undefined ? [] : [[row.id, name] as const]
    }),
  )
}

/** A shop's public name from its data (publicInfo.name), undefined when it has none. */
export function shopNameOf(data: unknown): string | undefined {
  const name = record(record(data)?.publicInfo)?.name
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined
}

/** The carts of orders, by id. */
export async function cartsById(
  db: Db,
  companyId: number,
  ids: readonly string[],
): Promise<Map<string, CartRow>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select()
    .from(carts)
    .where(and(eq(carts.companyId, companyId), inArray(carts.id, unique)))
  return new Map(rows.map((cart) => [cart.id, cart]))
}

/** Carts confirmed "pay at the shop" whose payment the shop has not recorded yet (decision 012). */
export async function cartsDueAtShop(
  db: Db,
  companyId: number,
  cartIds: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(cartIds)]
  if (unique.length === 0) return new Set()
  const rows = await db
    .select({ cartId: payments.cartId })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        inArray(payments.cartId, unique),
        eq(payments.status, 'pending'),
        sql`${payments.data}->>'dueAtShop' = 'true'`,
      ),
    )
  return new Set(rows.map((row) => row.cartId))
}
