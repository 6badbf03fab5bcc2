import { useEffect } from 'react'
import { PURCHASE_SHOWN_EVENT } from '#scripts/marketing/purchase-page'

/**
 * On a paid order's confirmation shown in place (gift voucher, e-shop order): the marker of
 * /payments/success, then a word to the consent loader, which reports the order the payment step
 * confirmed (`#stores/purchase`) with the one rule of
 * docs/decisions/032-analytics-purchase-and-error-reporting.md: once per transaction, each report
 * with its consent purpose, again when the visitor consents later on this screen.
 */
export function PurchaseReport() {
  useEffect(() => {
    window.dispatchEvent(new Event(PURCHASE_SHOWN_EVENT))
  }, [])
  return <div hidden data-purchase-report />
}
