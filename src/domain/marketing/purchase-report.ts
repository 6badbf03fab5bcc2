import { PURCHASE_EVENT } from '#contract/constants'
import { toDecimalString } from '../money/minor-units'

/**
 * What a paid order tells Google Analytics and Google Ads (docs/product/9-constants.md "Analytics
 * and errors", docs/decisions/032-analytics-purchase-and-error-reporting.md): one GA4 `purchase`
 * event and one Ads conversion per transaction, each only with its consent purpose, never twice
 * for the same transaction (a reload of the success page, a second tab, a back button).
 */
export interface PaidOrder {
  /** the server's id of the paid order (else the cart it paid) */
  readonly transactionId: string
  /** what the server charged, in integer minor units (cents) */
  readonly total: number
}

/** The company's tags (its `ganalytics`, `gaConversionId` and `gaConversionLabel`). */
export interface PurchaseTags {
  readonly ga?: string | undefined
  readonly aw?: string | undefined
  readonly awLabel?: string | undefined
}

/** The consent purposes the visitor accepted that matter here (decision 008). */
export interface PurchaseConsent {
  readonly analytics: boolean
  readonly marketing: boolean
}

export type PurchaseReport = 'purchase' | 'conversion'

/** Minor units to the number GA4's `value` takes: 1250 → 12.5, exact to the cent. */
export function purchaseValue(minor: number): number {
  return Number(toDecimalString(minor, 2))
}

export interface PurchaseEventParams {
  readonly transaction_id: string
  readonly value: number
  readonly currency: typeof PURCHASE_EVENT.currency
  readonly tax: typeof PURCHASE_EVENT.tax
  readonly shipping: typeof PURCHASE_EVENT.shipping
}

/** gtag('event', 'purchase', params): GA4's recommended purchase event. */
export function purchaseEvent(order: PaidOrder): PurchaseEventParams {
  return {
    transaction_id: order.transactionId,
    value: purchaseValue(order.total),
    currency: PURCHASE_EVENT.currency,
    tax: PURCHASE_EVENT.tax,
    shipping: PURCHASE_EVENT.shipping,
  }
}

export interface ConversionParams {
  readonly send_to: string
  readonly value: number
  readonly currency: typeof PURCHASE_EVENT.currency
  readonly transaction_id: string
}

/** gtag('event', 'conversion', params): the Ads conversion of the company's id and label. */
export function conversionEvent(order: PaidOrder, aw: string, label: string): ConversionParams {
  return {
    send_to: `${aw}/${label}`,
    value: purchaseValue(order.total),
    currency: PURCHASE_EVENT.currency,
    transaction_id: order.transactionId,
  }
}

/** The key under which a sent report is remembered. */
export const reportKey = (report: PurchaseReport, transactionId: string) =>
  `${report}:${transactionId}`

/**
 * The reports still to send for this order: the purchase when the company has a GA id and the
 * visitor allows analytics, the conversion when it has an Ads id and label and marketing is
 * allowed, each unless already in `reported`.
 */
export function reportsDue(
  order: PaidOrder,
  tags: PurchaseTags,
  consent: PurchaseConsent,
  reported: readonly string[],
): PurchaseReport[] {
  if (order.transactionId === '') return []
  const due: PurchaseReport[] = []
  if (tags.ga && consent.analytics) due.push('purchase')
  if (tags.aw && tags.awLabel && consent.marketing) due.push('conversion')
  return due.filter((report) => !reported.includes(reportKey(report, order.transactionId)))
}

/** How many sent reports are remembered: enough for any visitor, small in storage. */
export const REPORTED_KEPT = 50

/** The stored list of sent reports (JSON text), anything unreadable read as empty. */
export function parseReported(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]')
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []
  } catch {
    return []
  }
}

/** The list with `keys` added last, the oldest dropped beyond REPORTED_KEPT. */
export function withReported(reported: readonly string[], keys: readonly string[]): string[] {
  const next = [...reported.filter((key) => !keys.includes(key)), ...keys]
  return next.slice(Math.max(0, next.length - REPORTED_KEPT))
}
