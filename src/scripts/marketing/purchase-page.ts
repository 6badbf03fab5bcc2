import type { ThirdParty } from '../consent/purposes'

/**
 * Dispatched on window by a confirmation shown in place (a gift voucher, an e-shop order), once
 * its `[data-purchase-report]` is in the page: the consent loader reports then, as it does on
 * /payments/success at load (docs/decisions/032-analytics-purchase-and-error-reporting.md).
 */
export const PURCHASE_SHOWN_EVENT = 'purchase:shown'

/**
 * The consent loader's hook for the purchase report: every page shares the loader, only a page
 * showing a paid order's confirmation (`[data-purchase-report]`: /payments/success, the gift and
 * e-shop confirmations) downloads the report, so the others pay a few bytes.
 */
export function reportPurchaseHere(data: DOMStringMap, allowed: (party: ThirdParty) => boolean) {
  if (!document.querySelector('[data-purchase-report]')) return
  const tags = { ga: data.ga, aw: data.aw, awLabel: data.awLabel }
  const consent = {
    analytics: allowed('googleAnalytics'),
    marketing: allowed('googleAdsConversion'),
  }
  void import('./purchase-report').then((report) => report.reportPurchase(tags, consent))
}
