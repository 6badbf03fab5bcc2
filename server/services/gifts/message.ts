import { and, eq } from 'drizzle-orm'
import { calendarDate } from '#domain/account/order-dates.ts'
import { formatMoney } from '#domain/money/format-money.ts'
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO, type Locale } from '#i18n/locales.ts'
import { createTranslator } from '#i18n/messages.ts'
import { localizePath } from '#i18n/paths.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { type CompanyRow, carts, companies, type GiftRow } from '#server/db/schema/index.ts'
import { businessName, moneySettings, siteBase } from '#server/kernel/index.ts'
import { type Message, mailTemplate, queueMessage, SECRET } from '../notifier/index.ts'
import { displayGiftCode } from './code.ts'

/**
 * The e-mail that carries a voucher's code to its recipient, wholly in one language: the buyer's
 * (the `curlang` of the purchase, kept on its cart as `data.locale`; French otherwise). Every
 * sentence comes from the catalog of that language (src/i18n, `giftMail`); the company is named
 * by its display name (docs/product/3-entities.md identity), amounts and dates are written the way that language
 * writes them, as the pages do. The activation (whichever path pays: provider or shop) and the
 * resend both send this.
 */
export function giftMessage(gift: GiftRow, company: CompanyRow, locale: Locale): Message {
  const t = createTranslator(locale)
  const { iso } = LOCALE_INFO[locale]
  const name = businessName(company)
  const amount = formatMoney(gift.amountCents, iso, moneySettings(company))
  const link = `${siteBase(company)}${localizePath('/', locale)}`
  const intro = gift.fromName
    ? t.t('giftMail.introFrom', { from: gift.fromName, company: name, amount })
    : t.t('giftMail.intro', { company: name, amount })
  const lines = [
    t.t('giftMail.greeting', { name: gift.recipientName }),
    '',
    intro,
    '',
    t.t('giftMail.code', { code: SECRET }),
    ...(gift.validUntil
      ? [t.t('giftMail.validUntil', { date: calendarDate(gift.validUntil, iso) })]
      : []),
    ...(gift.message ? ['', t.t('giftMail.personalMessage'), gift.message] : []),
    '',
    t.t('giftMail.howTo', { link }),
    '',
    t.t('giftMail.signature'),
    name,
  ]
  return {
    channel: 'email',
    to: gift.recipientEmail,
    subject: t.t('giftMail.subject', { company: name, amount }),
    body: lines.join('\n'),
    // the code is the voucher: stored only sealed in the outbox (decision 018)
    secret: displayGiftCode(gift.code),
    companyId: company.id,
    template: mailTemplate('gift-voucher', locale, {
      recipientName: gift.recipientName,
      fromName: gift.fromName ?? '',
      amountCents: gift.amountCents,
      code: SECRET,
      ...(gift.validUntil ? { validUntil: gift.validUntil } : {}),
      message: gift.message ?? '',
      siteLink: link,
    }),
  }
}

/** The buyer's language, kept on the voucher's cart when it was bought (French otherwise). */
export async function giftLocale(db: Db | Tx, gift: GiftRow): Promise<Locale> {
  if (gift.cartId === null) return DEFAULT_LOCALE
  const [cart] = await db
    .select({ data: carts.data })
    .from(carts)
    .where(and(eq(carts.companyId, gift.companyId), eq(carts.id, gift.cartId)))
  const locale = cart?.data.locale
  return typeof locale === 'string' && isLocale(locale) ? locale : DEFAULT_LOCALE
}

/** Queues the voucher e-mail in the caller's transaction (relayed once it commits). */
export async function queueGiftMessage(tx: Tx, gift: GiftRow): Promise<void> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, gift.companyId))
  if (!company) return
  await queueMessage(tx, giftMessage(gift, company, await giftLocale(tx, gift)))
}
