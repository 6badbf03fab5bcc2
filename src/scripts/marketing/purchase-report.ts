import {
  conversionEvent,
  type PurchaseConsent,
  type PurchaseReport,
  type PurchaseTags,
  purchaseEvent,
  reportKey,
  reportsDue,
} from '#domain/marketing/purchase-report'
import { paidOrder, rememberReported, reportedKeys } from '#stores/purchase'
import { gtagOf } from '../consent/analytics'

/**
 * On a paid order's confirmation only (its `[data-purchase-report]`: /payments/success, the gift
 * and e-shop confirmations), run by the consent loader after it configured gtag.js (so the event
 * follows its `config` in the data layer), at load, when a confirmation shows in place and again
 * on every consent change: the GA4 purchase and the Ads conversion of the order this tab just paid,
 * each with its purpose, each once per transaction (docs/decisions/032-analytics-purchase-and-error-reporting.md).
 */
export function reportPurchase(
  tags: PurchaseTags,
  consent: PurchaseConsent,
  doc: Document = document,
): PurchaseReport[] {
  const order = paidOrder()
  if (!order) return []
  const due = reportsDue(order, tags, consent, reportedKeys())
  if (due.length === 0) return []
  // remembered before sending: a reload while gtag.js is busy must not send it again
  rememberReported(due.map((report) => reportKey(report, order.transactionId)))
  const gtag = gtagOf(doc)
  for (const report of due) {
    if (report === 'purchase')
      gtag('event', 'purchase', { ...purchaseEvent(order), send_to: tags.ga })
    else if (tags.aw && tags.awLabel) {
      gtag('event', 'conversion', conversionEvent(order, tags.aw, tags.awLabel))
    }
  }
  return due
}
