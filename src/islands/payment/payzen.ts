/**
 * PayZen embedded form glue (krypton client V4: a script with the public key, a theme
 * stylesheet, the form token from initialize). The browser never decides the outcome: on submit
 * it asks our server (POST /api/payment/pay), which reads the order back from PayZen.
 */
export const PAYZEN_STATIC = 'https://static.payzen.eu/static/js/krypton-client/V4.0'
export const PAYZEN_SCRIPT = `${PAYZEN_STATIC}/stable/kr-payment-form.min.js`
export const PAYZEN_THEME_CSS = `${PAYZEN_STATIC}/ext/neon-reset.min.css`
export const PAYZEN_THEME_JS = `${PAYZEN_STATIC}/ext/neon.js`

export interface PayzenError {
  errorCode?: string | undefined
  errorMessage?: string | undefined
  detailedErrorMessage?: string | undefined
}

export interface PayzenSubmitEvent {
  clientAnswer?: { orderStatus?: string; orderDetails?: { orderId?: string | null } } | undefined
}

export interface KryptonLike {
  setFormConfig(config: Record<string, string>): Promise<unknown>
  renderElements(target: HTMLElement | string): Promise<unknown>
  onSubmit(handler: (event: PayzenSubmitEvent) => boolean | Promise<boolean>): Promise<unknown>
  onError(handler: (error: PayzenError) => void): Promise<unknown>
  removeForms?(): Promise<unknown>
}

declare global {
  interface Window {
    KR?: KryptonLike
  }
}

/** The attributes of the krypton script tag. */
export function payzenScriptAttributes(publicKey: string, locale: string): Record<string, string> {
  return { 'kr-public-key': publicKey, 'kr-language': locale, 'kr-spa-mode': 'true' }
}

/**
 * PayZen errors: client-side validation (CLIENT_3xx) and refusals (PSP_) are the payer's to fix,
 * so their message is shown like Stripe's card_error; others are the generic error.
 */
export function payzenErrorType(error: PayzenError): string {
  const code = error.errorCode ?? ''
  if (/^CLIENT_3\d\d/.test(code)) return 'validation_error'
  if (/^(PSP_|ACQ_)/.test(code)) return 'card_error'
  return 'api_error'
}

export interface PayzenHandlers {
  submitted(orderId: string | null): void
  failed(type: string, message: string): void
}

export async function mountPayzen(
  kr: KryptonLike,
  formToken: string,
  target: HTMLElement,
  locale: string,
  handlers: PayzenHandlers,
): Promise<void> {
  await kr.setFormConfig({ formToken, 'kr-language': locale })
  await kr.onError((error) => handlers.failed(payzenErrorType(error), error.errorMessage ?? ''))
  await kr.onSubmit((event) => {
    handlers.submitted(event.clientAnswer?.orderDetails?.orderId ?? null)
    return false
  })
  await kr.renderElements(target)
}
