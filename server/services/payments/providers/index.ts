import { freeProvider } from './free.ts'
import { moneticoProvider } from './monetico.ts'
import { paypalProvider } from './paypal.ts'
import { payzenProvider } from './payzen.ts'
import { saferpayProvider } from './saferpay.ts'
import { stripeProvider } from './stripe.ts'
import type { PaymentProviderAdapter, ProviderName } from './types.ts'

/** Every provider of docs/product/7-calls.md, by the name company settings use (booker.payment.provider). */
export const PROVIDERS: Readonly<Record<ProviderName, PaymentProviderAdapter>> = {
  free: freeProvider,
  stripe: stripeProvider,
  paypal: paypalProvider,
  payzen: payzenProvider,
  saferpay: saferpayProvider,
  monetico: moneticoProvider,
}

export function providerNamed(name: string): PaymentProviderAdapter | undefined {
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name as ProviderName] : undefined
}
