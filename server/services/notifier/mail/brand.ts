import { companyThemes } from '#contract/company-theme.ts'
import type { MoneySettingsLike } from '#domain/money/format-money.ts'
import type { Locale } from '#i18n/locales.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { businessName, moneySettings, siteBase } from '#server/kernel/index.ts'
import { type MailColours, mailColours } from './colours.ts'
import { legalNotice } from './legal-notice.ts'

/** What an e-mail shows of the company that sends it (decision 056). */
export interface MailBrand {
  readonly name: string
  /** the company's logo, absolute (mail clients have no base URL) */
  readonly logo: { readonly src: string; readonly height: number } | undefined
  readonly colours: MailColours
  /** the site's address, for the contact line when no e-mail is known */
  readonly site: string | undefined
  /** where the person can write to the company (the legal notice's address) */
  readonly email: string | undefined
  /** the legal footer: legal name and form, registration, registered office */
  readonly legal: readonly string[]
  readonly money: MoneySettingsLike
}

/** Logos taller than this would push the message below the fold on a phone. */
const MAX_LOGO_HEIGHT = 64

/** A URL of the settings made absolute against the site (`/storage/...` paths are the site's). */
export function absoluteUrl(url: string, base: string): string | undefined {
  if (/^https?:\/\/[^\s"'<>]+$/i.test(url)) return url
  if (/^\/(?!\/)[^\s"'<>]*$/.test(url)) return `${base}${url}`
  return undefined
}

export function mailBrand(company: CompanyRow | undefined, locale: Locale): MailBrand {
  if (!company) {
    // every producer names its company; a message without one still renders, unbranded
    return {
      name: '',
      logo: undefined,
      colours: mailColours(undefined),
      site: undefined,
      email: undefined,
      legal: [],
      money: {},
    }
  }
  const data = company.data
  const identity = (data.identity ?? {}) as { logo?: unknown; logoSize?: unknown }
  const base = siteBase(company)
  const src = typeof identity.logo === 'string' ? absoluteUrl(identity.logo, base) : undefined
  const size =
    typeof identity.logoSize === 'number' && identity.logoSize > 0 ? identity.logoSize : 50
  const themes = companyThemes.safeParse(data.themes ?? {})
  // the light colours: the message is a white card whatever the reader's mode
  const theme = themes.success ? themes.data.general.light.buttonsColor : undefined
  const notice = legalNotice(data.booker, locale)
  return {
    name: businessName(company),
    logo: src ? { src, height: Math.min(size, MAX_LOGO_HEIGHT) } : undefined,
    colours: mailColours(theme),
    site: base,
    email: notice.email,
    legal: notice.lines,
    money: moneySettings(company),
  }
}
