import * as z from 'zod/mini'
import type { PaymentProvider } from './booker-commerce'
import { instant } from './common'

/**
 * The secret credentials each payment provider reads (server/kernel/secrets.ts names them; the
 * environment's NAME__<COMPANY> and NAME still work, docs/api/payments.md). A company may set its
 * own from the studio: stored sealed, never answered back
 * (docs/decisions/089-site-settings-and-key-store.md). 'free' needs none.
 */
export const PAYMENT_SECRET_NAMES = {
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  payzen: ['PAYZEN_SHOP_ID', 'PAYZEN_PASSWORD', 'PAYZEN_HMAC_KEY'],
  saferpay: [
    'SAFERPAY_CUSTOMER_ID',
    'SAFERPAY_TERMINAL_ID',
    'SAFERPAY_USERNAME',
    'SAFERPAY_PASSWORD',
  ],
  free: [],
  paypal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
  monetico: ['MONETICO_TPE', 'MONETICO_KEY', 'MONETICO_COMPANY'],
} as const satisfies Record<PaymentProvider, readonly string[]>

export const COMPANY_SECRET_NAMES = Object.values(PAYMENT_SECRET_NAMES).flat()
export type CompanySecretName = (typeof COMPANY_SECRET_NAMES)[number]

export const companySecretName = z.enum(
  COMPANY_SECRET_NAMES as [CompanySecretName, ...CompanySecretName[]],
)

/** A value as pasted: no surrounding space (trimmed by the studio), printable, bounded. */
export const companySecretValue = z
  .string()
  .check(z.minLength(1), z.maxLength(4096), z.regex(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/))

/** What the store says of a name: set or not, and since when. Never the value. */
export const companySecretState = z.object({
  name: companySecretName,
  set: z.boolean(),
  updatedAt: z.optional(instant),
})

/** Every name of every provider, in the order above. */
export const companySecretStates = z.object({ secrets: z.array(companySecretState) })
export type CompanySecretStates = z.infer<typeof companySecretStates>
