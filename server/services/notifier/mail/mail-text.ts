import { wallClockDateTime } from '#domain/account/order-dates.ts'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money.ts'
import type { MessageParams } from '#i18n/format.ts'
import { LOCALE_INFO, type Locale } from '#i18n/locales.ts'
import { createTranslator, flatMessages, type MessageKey } from '#i18n/messages.ts'

/**
 * The words, amounts and dates of one e-mail, in its language, written the way the producers
 * write the text body (formatMoney with the company's currency, wall clocks of the shop as
 * booked): the HTML and the outbox record say the same.
 */
export interface MailText {
  readonly locale: Locale
  /** a `mail.*` message; a key the language lacks is reported (`onMissing`) */
  t(key: MailKey, params?: MessageParams): string
  money(cents: number): string
  /** a shop wall clock 'YYYY-MM-DDTHH:MM', as written (never converted) */
  when(local: string): string
}

export type MailKey = Extract<MessageKey, `mail.${string}`>

export function mailText(
  locale: Locale,
  money: MoneySettingsLike,
  onMissing: (key: string) => void = () => undefined,
): MailText {
  const own = flatMessages(locale)
  const translator = createTranslator(locale)
  const { iso } = LOCALE_INFO[locale]
  return {
    locale,
    t(key, params) {
      // the translator would fall back to French (another language in this mail): say so
      if (own[key] === undefined) onMissing(key)
      return translator.t(key, params)
    },
    money: (cents) => formatMoney(cents, iso, money),
    when: (local) => wallClockDateTime(local, iso),
  }
}
