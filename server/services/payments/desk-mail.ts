import { and, eq } from 'drizzle-orm'
import { formatMoney } from '#domain/money/format-money.ts'
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO } from '#i18n/locales.ts'
import { createTranslator } from '#i18n/messages.ts'
import type { Tx } from '#server/db/client.ts'
import { accounts, type CartRow, type CompanyRow } from '#server/db/schema/index.ts'
import { businessName, moneySettings } from '#server/kernel/index.ts'
import { queueMessage } from '../notifier/index.ts'

/** What the desk did with the customer's money. */
export type DeskMoneyEvent = 'paid' | 'refunded' | 'credited'

const BODY = {
  paid: 'deskMail.paid',
  refunded: 'deskMail.refunded',
  credited: 'deskMail.credited',
} as const

/**
 * The customer's e-mail for a payment recorded at the desk or a refund the owner gave
 * (docs/decisions/078-desk-payments.md), queued in the caller's transaction so it leaves once
 * the money moved and never for a change that rolled back; in the cart's language. A cart
 * without an account (or an account without e-mail) gets none: the shop told them in person.
 */
export async function queueDeskMail(
  tx: Tx,
  company: CompanyRow,
  cart: CartRow,
  what: { readonly event: DeskMoneyEvent; readonly amountCents: number; readonly number: string },
): Promise<void> {
  if (cart.customerId === null || what.amountCents <= 0) return
  const [account] = await tx
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.companyId, company.id), eq(accounts.id, cart.customerId)))
  if (!account?.email) return
  const stored = cart.data.locale
  const locale = typeof stored === 'string' && isLocale(stored) ? stored : DEFAULT_LOCALE
  const t = createTranslator(locale)
  const amount = formatMoney(what.amountCents, LOCALE_INFO[locale].iso, moneySettings(company))
  const name = businessName(company)
  await queueMessage(tx, {
    channel: 'email',
    to: account.email,
    subject: t.t('deskMail.subject', { company: name, number: what.number }),
    body: [
      t.t('bookingMail.hello'),
      '',
      t.t(BODY[what.event], { amount, number: what.number }),
      '',
      t.t('bookingMail.signature'),
      name,
    ].join('\n'),
    companyId: company.id,
  })
}
