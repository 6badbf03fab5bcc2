/**
 * A voucher's code as an order or a list shows it (docs/product/5-rules.md#gifts): only its last
 * four symbols, '••••-AB12', so that a screen or a shoulder never gives away a code worth money.
 * Spaces and dashes typed or displayed are ignored.
 */
export function maskGiftCode(code: string): string {
  return `••••-${code.replace(/[\s-]/g, '').slice(-4).toUpperCase()}`
}
