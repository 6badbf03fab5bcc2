import type * as z from 'zod/mini'
import type { paymentInitializeRequest } from '#contract/payment.ts'
import type { Db, Tx } from '#server/db/client.ts'
import type { CartPurpose, CartRow, CompanyRow, JsonObject } from '#server/db/schema/index.ts'
import type { Subject } from '#server/kernel/index.ts'
import type { CodeGuard } from '../../abuse/index.ts'
import type { AvailabilityCache } from '../../booking/index.ts'
import type { PricedCart } from '../../pricing/index.ts'
import type { PaymentSettings } from '../company-settings.ts'

/**
 * What a payment pays for: initialize's `purpose`, stored as carts.purpose.
 *
 * - 'booking': the customer's held appointments at the shop (POST /api/appointments placed them
 *   in an open cart); the holds are priced, and confirmed with a booking order when paid.
 * - 'eshop': product lines (type '2'); a pending e-shop order is written with the stock taken
 *   (services/eshop createEshopOrder) and marked paid when paid.
 * - 'gift': one voucher of a company theme and an amount; written pending
 *   (services/gifts createPendingGift) and activated (code e-mailed) when paid.
 * - 'reschedule': the difference of a visit moved to a dearer one; the new slot is held by the
 *   cart and the visit moved when paid (docs/decisions/042-reschedule-pay-difference.md).
 *
 * Each purpose is a PurposeHandler: prepare (reads only), attach (rows of its own in the
 * initialize transaction), fulfil (in the payment's success transaction) and abandon (a cart
 * given up: superseded or expired). Another flow that needs a payment adds a purpose here.
 */
export type PaymentPurpose = CartPurpose

export type InitializeBody = z.output<typeof paymentInitializeRequest>

export interface PrepareInput {
  readonly db: Db
  readonly company: CompanyRow
  readonly settings: PaymentSettings
  /** the signed-in customer; undefined for a visitor */
  readonly customerId: string | undefined
  readonly body: InitializeBody
  readonly now: Date
  /** the caller's client address: pending carts per address (decision 017) */
  readonly clientAddress?: string | undefined
  /** throttles the voucher and coupon codes tried (decision 017) */
  readonly guard?: CodeGuard | undefined
  /** who calls (a paid move names its visit as the manage calls do: signed in or by link) */
  readonly subject?: Subject | undefined
  /** the API's availability cache (a paid move checks its new slot as a booking does) */
  readonly cache?: AvailabilityCache | undefined
}

export interface PreparedCart {
  /** booking: the cart the holds are in; others: a new cart is created */
  readonly cartId: string | undefined
  readonly priced: PricedCart
  /** what carts.data keeps of the request, besides the pricing */
  readonly details: JsonObject
  /** what the provider shows the payer */
  readonly description: string
}

/** One cart in a transaction of the payment flow. */
export interface CartContext {
  readonly tx: Tx
  readonly company: CompanyRow
  readonly cart: CartRow
  readonly now: Date
}

export interface PaidContext extends CartContext {
  readonly paymentId: string
  readonly provider: string
  /** what the provider took, minor units (0 when it is due at the shop) */
  readonly chargedCents: number
  /**
   * decision 012: the order is confirmed without money (free provider, pay at the shop): a
   * booking is confirmed, a voucher stays inactive, an e-shop order waits for collection.
   */
  readonly dueAtShop: boolean
  readonly transactionId: string
}

/** The shop recorded the payment of an order that was due at the shop (decision 012). */
export interface CollectedContext extends CartContext {
  readonly paymentId: string
  /** what the shop recorded, minor units: the amount that was due */
  readonly amountCents: number
  /** the company user who recorded it */
  readonly by: string
}

export interface PurposeHandler {
  prepare(input: PrepareInput): Promise<PreparedCart>
  /** rows of its own, written once the cart row exists (same transaction) */
  attach?(context: CartContext, input: PrepareInput, prepared: PreparedCart): Promise<void>
  /** the payment succeeded: what was bought becomes the customer's; answers the order id */
  fulfil(context: PaidContext): Promise<string>
  /**
   * The shop recorded the payment of an order confirmed 'due at the shop': what needed a
   * verified payment happens now (voucher activated, e-shop order paid, loyalty credited).
   * Answers the order id.
   */
  collected(context: CollectedContext): Promise<string>
  /** the cart will never be paid: give back what attach took (stock, pending vouchers) */
  abandon?(context: CartContext): Promise<void>
}
