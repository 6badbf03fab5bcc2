import { companyToken, islandApi } from '../../shared/island-api'
import { loadScript, loadStylesheet } from '../load-script'
import { postForm } from '../redirect'
import { freeAdapter } from './free'
import { paypalAdapter } from './paypal'
import { payzenAdapter } from './payzen'
import { moneticoAdapter, saferpayAdapter } from './redirect'
import { stripeAdapter } from './stripe'
import type { PaymentAdapters } from './types'

export type { PaymentAdapters } from './types'

const redirect = { assign: (url: string) => location.assign(url), postForm }

/** The browser's adapters, by the provider name of company.booker.payment.provider. */
export const PAYMENT_ADAPTERS: PaymentAdapters = {
  free: freeAdapter({
    callback: (cartId, token, prices) =>
      companyToken().then((company) =>
        islandApi.payment.callback({
          params: { companyToken: company },
          query: { payId: cartId },
          body: { paymentToken: token, prices },
        }),
      ),
  }),
  stripe: stripeAdapter({ loadScript, stripe: () => window.Stripe }),
  paypal: paypalAdapter({ loadScript, paypal: () => window.paypal }),
  payzen: payzenAdapter({ loadScript, loadStylesheet, kr: () => window.KR }),
  saferpay: saferpayAdapter(redirect),
  monetico: moneticoAdapter(redirect),
}
