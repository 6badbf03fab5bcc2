/**
 * docs/product/5-rules.md, docs/product/8-errors.md: a card payment error of type card_error or validation_error shows the provider's
 * own message (it speaks to the payer: "Your card was declined."); any other failure shows the
 * generic 'error during payment' message. Returns the provider's message to show, or null for
 * "use the generic message" (its words: src/i18n/error-messages.ts paymentFailureMessage).
 */
export const PROVIDER_MESSAGE_TYPES: readonly string[] = ['card_error', 'validation_error']

export function providerMessageOf(
  errorType: string | null | undefined,
  message: string | null | undefined,
): string | null {
  const text = message?.trim() ?? ''
  if (text === '' || !errorType) return null
  return PROVIDER_MESSAGE_TYPES.includes(errorType) ? text : null
}
