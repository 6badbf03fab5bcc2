import {
  type KryptonLike,
  mountPayzen,
  PAYZEN_SCRIPT,
  PAYZEN_THEME_CSS,
  PAYZEN_THEME_JS,
  payzenScriptAttributes,
} from '../payzen'
import type { PaymentAdapter } from './types'

export interface PayzenDeps {
  loadScript(src: string, attributes?: Record<string, string>): Promise<void>
  loadStylesheet(href: string): void
  /** window.KR once the krypton client ran */
  kr(): KryptonLike | undefined
}

/** PayZen: the embedded form; its submit asks our server to pay (the browser decides nothing). */
export function payzenAdapter(deps: PayzenDeps): PaymentAdapter {
  return {
    payButton: 'provider',
    needsKey: true,
    start: (attempt, hooks) => ({
      mount: async (target) => {
        deps.loadStylesheet(PAYZEN_THEME_CSS)
        await deps.loadScript(
          PAYZEN_SCRIPT,
          payzenScriptAttributes(attempt.publicKey, attempt.locale),
        )
        await deps.loadScript(PAYZEN_THEME_JS)
        const kr = deps.kr()
        if (!kr) throw new Error('PayZen form did not load')
        // Whatever the form reports of a payment attempt (paid, refused, 3-D Secure given up),
        // the server reads the order back from PayZen and decides (decision 025); only a form
        // the payer has not filled in right is answered here, with the form's own words.
        const askServer = () => {
          hooks.paying()
          void hooks.pay(undefined)
        }
        await mountPayzen(kr, attempt.token, target, attempt.locale, {
          submitted: askServer,
          failed: (errorType, message) =>
            errorType === 'card_error' ? askServer() : hooks.fail(errorType, message),
        })
      },
      destroy: () => undefined,
    }),
  }
}
