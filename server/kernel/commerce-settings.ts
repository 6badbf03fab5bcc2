import * as z from 'zod/mini'
import { bookerCommerceFields } from '#contract/booker-commerce.ts'
import type { MoneySettingsLike } from '#domain/money/format-money.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'

/**
 * The commerce settings gifts, orders and loyalty need from the company (contract defaults
 * applied). A booker that no longer parses reads as the defaults: gifts off, EUR.
 */
const commerce = z.object({
  gift: bookerCommerceFields.gift,
  gifts: bookerCommerceFields.gifts,
  mCurrency: bookerCommerceFields.mCurrency,
})
export type CommerceSettings = z.infer<typeof commerce>

export function commerceSettings(company: CompanyRow): CommerceSettings {
  const booker = company.data.booker
  const parsed = commerce.safeParse(typeof booker === 'object' && booker !== null ? booker : {})
  return parsed.success ? parsed.data : commerce.parse({})
}

/** The company's money display (docs/product/3-entities.md mCurrency, mCurrencyFormat), as the islands use it. */
export function moneySettings(company: CompanyRow): MoneySettingsLike {
  const booker = company.data.booker as { mCurrencyFormat?: unknown } | undefined
  const format = booker?.mCurrencyFormat
  return {
    mCurrency: commerceSettings(company).mCurrency,
    ...(typeof format === 'string' ? { mCurrencyFormat: format } : {}),
  }
}
