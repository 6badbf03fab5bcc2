import { parseMoneticoForm, type RedirectForm, safeRedirectUrl } from '../redirect'
import type { PaymentAdapter } from './types'

export interface RedirectDeps {
  /** location.assign */
  assign(url: string): void
  /** posts the form from the page (redirect.ts postForm) */
  postForm(form: RedirectForm): void
}

/** saferpay: the step's button goes to the payment page whose URL is the token. */
export function saferpayAdapter(deps: RedirectDeps): PaymentAdapter {
  return {
    needsKey: false,
    payButton: 'step',
    start: (attempt, hooks) => ({
      submit: async () => {
        const url = safeRedirectUrl(attempt.token)
        if (url) deps.assign(url)
        else hooks.fail('saferpay', null)
      },
      destroy: () => undefined,
    }),
  }
}

/** monetico: the step's button posts the form `{action, fields}` the token carries. */
export function moneticoAdapter(deps: RedirectDeps): PaymentAdapter {
  return {
    needsKey: false,
    payButton: 'step',
    start: (attempt, hooks) => ({
      submit: async () => {
        const form = parseMoneticoForm(attempt.token)
        if (form) deps.postForm(form)
        else hooks.fail('monetico', null)
      },
      destroy: () => undefined,
    }),
  }
}
