import type { ThirdParty } from '../consent/purposes'

/**
 * The consent loader's hook for the purchase report: every page shares the loader, only the
 * success page (`[data-purchase-report]`) downloads the report, so the others pay a few bytes.
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
