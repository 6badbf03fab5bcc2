import * as z from 'zod/mini'
import { currencyCode, flag, id, image, maybe, translatedText } from './common'
import {
  DEFAULT_APPOINTMENTS_ENABLED,
  DEFAULT_CURRENCY,
  DEFAULT_CURRENCY_FORMAT,
  DEFAULT_CUTTING_HOURS,
  DEFAULT_PAYMENT_PROVIDER,
  DEFAULT_REMINDER_HOURS,
  MAX_GIFT_LIMIT,
} from './constants'

/** docs/product/7-calls.md payment providers. */
export const paymentProvider = z.enum([
  'stripe',
  'payzen',
  'saferpay',
  'free',
  'paypal',
  'monetico',
])
export type PaymentProvider = z.infer<typeof paymentProvider>

export const bookerPayment = z.prefault(
  z.object({
    provider: z._default(paymentProvider, DEFAULT_PAYMENT_PROVIDER),
    /** stripe and payzen are enabled only with a public key (docs/product/6-roles.md) */
    keys: z.prefault(z.object({ publicKey: maybe(z.string().check(z.minLength(1))) }), {}),
  }),
  {},
)

/** docs/product/3-entities.md appointment (both halves of the appointment settings are merged here). */
export const bookerAppointment = z.prefault(
  z.object({
    payment: z.prefault(z.object({ active: flag(false) }), {}),
    /** slot block length in minutes (docs/product/5-rules.md) */
    cuttingHours: z._default(z.int().check(z.positive(), z.lte(1440)), DEFAULT_CUTTING_HOURS),
    useCabinManagement: flag(false),
    /** 'active' switches equipment checks on; other values leave them off */
    equipments: z.prefault(z.object({ type: maybe(z.string()) }), {}),
    /**
     * The most visits paid with a gift voucher a shop takes on one day; none: no limit. The
     * period query's checkGiftLimit applies it (docs/decisions/063-last-partial-rows-of-the-api.md).
     */
    giftLimit: maybe(z.int().check(z.positive(), z.lte(MAX_GIFT_LIMIT))),
  }),
  {},
)

/**
 * The visit reminder (docs/decisions/039-reminders-and-calendar.md): on unless switched off,
 * `hours` before the visit, by e-mail, and also by SMS to the customer's phone when `sms` is on
 * (a company with an SMS gateway).
 */
export const bookerReminder = z.prefault(
  z.object({
    active: flag(true),
    hours: z._default(z.int().check(z.positive(), z.lte(168)), DEFAULT_REMINDER_HOURS),
    sms: flag(false),
  }),
  {},
)

/**
 * docs/product/9-constants.md currency. precision is the number of minor-unit digits: an amount of 1250 with
 * precision 2 shows as 12,50 (see common.ts, money).
 */
export const bookerCurrency = z.prefault(
  z.object({
    symbol: z._default(z.string().check(z.minLength(1)), DEFAULT_CURRENCY.symbol),
    code: z._default(currencyCode, DEFAULT_CURRENCY.code),
    precision: z._default(z.int().check(z.gte(0), z.lte(4)), DEFAULT_CURRENCY.precision),
  }),
  {},
)

export const giftTheme = z.object({ id, name: translatedText, image })

/** Commerce fields of booker, spread into companyBooker. */
export const bookerCommerceFields = {
  payment: bookerPayment,
  appointment: bookerAppointment,
  reminder: bookerReminder,
  /** the booking module (docs/product/3-entities.md: on by default) */
  appointments: flag(DEFAULT_APPOINTMENTS_ENABLED),
  eshopEnabled: flag(false),
  products: z.prefault(z.object({ active: flag(false) }), {}),
  /** gift vouchers (docs/product/5-rules.md: offered only with a theme and payment enabled) */
  gift: flag(false),
  gifts: z.prefault(
    z.object({
      themes: z._default(z.array(giftTheme), []),
      /**
       * the amounts offered as one-click choices (minor units; docs/decisions/090-studio-marketing.md);
       * none: the form's defaults. The purchase's bounds still apply to each.
       */
      amounts: z._default(z.array(z.int().check(z.positive())).check(z.maxLength(8)), []),
    }),
    {},
  ),
  mCurrency: bookerCurrency,
  /** '#' is the number and '!' the symbol */
  mCurrencyFormat: z._default(z.string().check(z.includes('#')), DEFAULT_CURRENCY_FORMAT),
}
