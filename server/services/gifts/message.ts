import { eq } from 'drizzle-orm'
import { formatMoney } from '../../../src/domain/money/format-money.ts'
import type { Tx } from '../../db/client.ts'
import { type CompanyRow, companies, type GiftRow } from '../../db/schema/index.ts'
import { type Message, queueMessage } from '../notifier/index.ts'
import { displayGiftCode } from './code.ts'
import { commerceSettings } from './settings.ts'

/**
 * The e-mail that carries a voucher's code to its recipient, in French and English (the spec's
 * base language and the one every demo tenant has; a gift is bought without the recipient's
 * language).
 */
export function giftMessage(gift: GiftRow, company: CompanyRow): Message {
  const settings = commerceSettings(company)
  const amount = formatMoney(gift.amountCents, 'fr-FR', { mCurrency: settings.mCurrency })
  const code = displayGiftCode(gift.code)
  const from = gift.fromName ? ` de la part de ${gift.fromName} / from ${gift.fromName}` : ''
  const lines = [
    `Bonjour ${gift.recipientName},`,
    '',
    `Vous avez reçu une carte cadeau ${company.nickname} de ${amount}${from}.`,
    `You received a ${company.nickname} gift card of ${amount}.`,
    '',
    `Code : ${code}`,
    ...(gift.validUntil ? [`Valable jusqu'au / valid until ${gift.validUntil}`] : []),
    ...(gift.message ? ['', gift.message] : []),
  ]
  return {
    channel: 'email',
    to: gift.recipientEmail,
    subject: `${company.nickname} : carte cadeau / gift card`,
    body: lines.join('\n'),
    companyId: company.id,
  }
}

/** Queues the voucher e-mail in the caller's transaction (relayed once it commits). */
export async function queueGiftMessage(tx: Tx, gift: GiftRow): Promise<void> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, gift.companyId))
  if (!company) return
  await queueMessage(tx, giftMessage(gift, company))
}
