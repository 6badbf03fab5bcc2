import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestIssuer, type TestIssuer } from '#server/test/oidc-issuer.ts'
import { type RunningProduct, startProduct } from '#support/product'
import { freePort } from '../../../scripts/shared/ports'
import { type FakeStripeApi, startFakeStripeApi } from './booking-stripe'
import { copyDemoCompany } from './demo-tenant'
import { type FakeFormProvidersApi, startFakeFormProvidersApi } from './form-providers-api'
import { type FakePaypalApi, startFakePaypalApi } from './paypal-fake'

/**
 * One product for the journeys of the payment providers and of social sign-in (stripe, paypal,
 * form-providers, social-login; decision 111): each needs the platform's keys of its provider
 * and a company configured for it, which the shared product's demo tenants are not. They had a
 * product each, about 35 CPU s a start; now the first of them to run starts this one, with every
 * provider's fake and a copy of maison-lumiere per company under its own host, and the others
 * find it started (the journeys' files share a worker: isolate: false). It ends with the
 * worker's process (startProduct kills it on exit); its folder is removed then too.
 */
export const HOSTS = {
  /** paying with Stripe and a publishable key */
  stripe: 'stripe.localhost',
  /** Stripe without a publishable key: the payment form never loads */
  stripeNoKey: 'sans-cle.localhost',
  /** paying with PayPal and the company's client id */
  paypal: 'paypal.localhost',
  /** PayPal without a client id: PayPal is not offered */
  paypalNoId: 'sans-paypal.localhost',
  payzen: 'payzen.localhost',
  saferpay: 'saferpay.localhost',
  monetico: 'monetico.localhost',
  /** a Google client whose issuer is the local OpenID Provider below */
  google: 'social.localhost',
} as const

export const STRIPE_PUBLISHABLE_KEY = 'pk_test_journeyFakeKey000000'
export const PAYPAL_CLIENT_ID = 'AJourneyFakeClientId000'
export const PAYZEN_PUBLIC_KEY = '69876357:testpublickey_journey'
export const MONETICO_KEY = '0123456789ABCDEF0123456789ABCDEF01234567'

export interface ProvidersProduct {
  readonly product: RunningProduct
  readonly stripe: FakeStripeApi
  readonly paypal: FakePaypalApi
  readonly forms: FakeFormProvidersApi
  readonly issuer: TestIssuer
}

let started: Promise<ProvidersProduct> | undefined

/** The product, started by the first caller of the worker. */
export function providersProduct(): Promise<ProvidersProduct> {
  started ??= start()
  return started
}

interface Company {
  token: string
  identity: { websiteURL?: string }
  booker: {
    payment: { provider: string; keys: { publicKey: string } }
    oauthKeys: Record<string, string>
  }
}

type Host = (typeof HOSTS)[keyof typeof HOSTS]

/** What each company changes of maison-lumiere, its websiteURL aside (below). */
function configure(host: Host, company: Company, issuer: TestIssuer): void {
  const { payment } = company.booker
  if (host === HOSTS.stripe || host === HOSTS.stripeNoKey) {
    payment.provider = 'stripe'
    payment.keys.publicKey = host === HOSTS.stripe ? STRIPE_PUBLISHABLE_KEY : ''
  } else if (host === HOSTS.paypal || host === HOSTS.paypalNoId) {
    payment.provider = 'paypal'
    payment.keys.publicKey = host === HOSTS.paypal ? PAYPAL_CLIENT_ID : ''
  } else if (host === HOSTS.payzen || host === HOSTS.saferpay || host === HOSTS.monetico) {
    payment.provider = host.split('.')[0] ?? ''
    payment.keys.publicKey = host === HOSTS.payzen ? PAYZEN_PUBLIC_KEY : ''
  } else {
    company.booker.oauthKeys = { google: issuer.clientId, facebook: '' }
  }
}

async function start(): Promise<ProvidersProduct> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-providers-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  const tenants = join(dir, 'tenants')
  // the sites' port, chosen first: the issuer registers the callback URL, and the providers
  // send the payer back to the company's websiteURL, both naming it
  const port = await freePort()
  const [stripe, paypal, forms, issuer] = await Promise.all([
    startFakeStripeApi(),
    startFakePaypalApi(),
    startFakeFormProvidersApi(),
    startTestIssuer({ redirectUris: [`http://${HOSTS.google}:${port}/api/auth/google/callback`] }),
  ])
  Object.values(HOSTS).forEach((host, index) => {
    copyDemoCompany<Company>(tenants, 'maison-lumiere.localhost', host, (company) => {
      // one company per host: a token of its own
      company.token = `providers${index + 1}`.padEnd(32, '0')
      // maison-lumiere's websiteURL names the development port (4321): this product's instead
      company.identity.websiteURL = `http://${host}:${port}`
      configure(host, company, issuer)
    })
  })
  const product = await startProduct({
    timeoutMs: 300_000,
    port,
    env: {
      TENANTS_DIR: tenants,
      STRIPE_SECRET_KEY: 'sk_test_journey',
      STRIPE_WEBHOOK_SECRET: 'whsec_journey',
      STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: 'journey-secret',
      PAYPAL_API_BASE: paypal.url,
      PAYZEN_SHOP_ID: '69876357',
      PAYZEN_PASSWORD: 'testpassword_journey',
      PAYZEN_API_BASE: forms.url,
      SAFERPAY_CUSTOMER_ID: '401860',
      SAFERPAY_TERMINAL_ID: '17795278',
      SAFERPAY_USERNAME: 'API_401860_journey',
      SAFERPAY_PASSWORD: 'journey-password',
      SAFERPAY_API_BASE: forms.url,
      MONETICO_TPE: '1234567',
      MONETICO_KEY,
      MONETICO_COMPANY: 'journeyshop',
      OIDC_GOOGLE_ISSUER: issuer.url,
      OIDC_GOOGLE_CLIENT_SECRET: issuer.clientSecret,
    },
  })
  return { product, stripe, paypal, forms, issuer }
}
