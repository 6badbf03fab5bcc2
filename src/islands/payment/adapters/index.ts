import type { PaymentPrices } from '#contract/payment'
import { companyToken, islandApi } from '../../shared/island-api'
import { loadScript, loadStylesheet } from '../load-script'
import { paypalScriptOptions } from '../paypal'
import { postForm } from '../redirect'
import { mountStripe } from '../stripe'
import { freeAdapter } from './free'
import { paypalAdapter } from './paypal'
import { payzenAdapter } from './payzen'
import { moneticoAdapter, saferpayAdapter } from './redirect'
import { stripeAdapter } from './stripe'
import type { PaymentAdapters } from './types'

export type { PaymentAdapters } from './types'

const redirect = { assign: (url: string) => location.assign(url), postForm }

/** POST /api/payment/callback/:companyToken?payId= (free and PayPal, docs/product/7-calls.md). */
const callback = (cartId: string, token: string, prices: PaymentPrices) =>
  companyToken().then((company) =>
    islandApi.payment.callback({
      params: { companyToken: company },
      query: { payId: cartId },
      body: { paymentToken: token, prices },
    }),
  )

/** The browser's adapters, by the provider name of company.booker.payment.provider. */
export const PAYMENT_ADAPTERS: PaymentAdapters = {
  free: freeAdapter({ callback }),
  // decision 024: the official SDKs, imported here only, dynamically, so that their loaders are
  // chunks of their own fetched on the payment step (tests/journeys/paypal.test.ts › each SDK loader is a chunk of its own)
  stripe: stripeAdapter({
    loadStripe: async (key, options) => {
      const { loadStripe } = await import('@stripe/stripe-js/pure')
      const stripe = await loadStripe(key, options)
      return stripe && ((secret, target, locale) => mountStripe(stripe, secret, target, locale))
    },
  }),
  paypal: paypalAdapter({
    loadPaypal: async (clientId) => {
      const { loadScript: loadPaypal } = await import('@paypal/paypal-js')
      return loadPaypal(paypalScriptOptions(clientId))
    },
    callback,
  }),
  payzen: payzenAdapter({ loadScript, loadStylesheet, kr: () => window.KR }),
  saferpay: saferpayAdapter(redirect),
  monetico: moneticoAdapter(redirect),
}
