import { and, eq } from 'drizzle-orm'
import { wallClockDateTime } from '#domain/account/order-dates.ts'
import { formatMoney } from '#domain/money/format-money.ts'
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO } from '#i18n/locales.ts'
import { createTranslator } from '#i18n/messages.ts'
import type { Tx } from '#server/db/client.ts'
import {
  accounts,
  type BookingOrderRow,
  type CompanyRow,
  carts,
  contentTables,
} from '#server/db/schema/index.ts'
import { businessName, moneySettings } from '#server/kernel/index.ts'
import { manageLinkLine, manageLinkUrl } from '../booking/index.ts'
import { type MailProps, mailTemplate, queueMessage } from '../notifier/index.ts'
import { customerTemplate, type VisitChange } from './notice-templates.ts'

/**
 * The messages of a visit managed online (docs/decisions/038-visit-policy.md), queued in the
 * notifier's outbox inside the transaction that changed the visit, so they leave once it
 * commits, retried, never for a change that rolled back: the customer in their language (the
 * cart's), the shop (its e-mail, shop.publicInfo.email) in the site's default language.
 */

async function customerOf(tx: Tx, company: CompanyRow, order: BookingOrderRow) {
  if (order.customerId === null) return undefined
  const [row] = await tx
    .select({ email: accounts.email, locale: carts.data })
    .from(accounts)
    .innerJoin(carts, and(eq(carts.companyId, accounts.companyId), eq(carts.id, order.cartId)))
    .where(and(eq(accounts.companyId, company.id), eq(accounts.id, order.customerId)))
  if (!row) return undefined
  const stored = row.locale.locale
  return {
    email: row.email,
    locale: typeof stored === 'string' && isLocale(stored) ? stored : DEFAULT_LOCALE,
  }
}

async function shopOf(tx: Tx, companyId: number, shopId: string) {
  const shops = contentTables.shops
  const [row] = await tx
    .select({ data: shops.data })
    .from(shops)
    .where(and(eq(shops.companyId, companyId), eq(shops.id, shopId)))
  const info = (row?.data.publicInfo ?? {}) as { name?: unknown; email?: unknown }
  return {
    name: typeof info.name === 'string' ? info.name : '',
    email: typeof info.email === 'string' && info.email.includes('@') ? info.email : undefined,
  }
}

export async function queueVisitNotices(
  tx: Tx,
  company: CompanyRow,
  order: BookingOrderRow,
  change: VisitChange,
): Promise<void> {
  const shop = await shopOf(tx, company.id, order.shopId)
  const customer = await customerOf(tx, company, order)
  const name = businessName(company)
  if (customer) {
    const t = createTranslator(customer.locale)
    const { iso } = LOCALE_INFO[customer.locale]
    const money = (cents: number) => formatMoney(cents, iso, moneySettings(company))
    const number = order.ideorder
    const lines: string[] = [t.t('bookingMail.hello'), '']
    let secret: string | undefined
    const template = await customerTemplate(tx, company, order, change, {
      shop: shop.name,
      locale: customer.locale,
      manageLink: manageLinkUrl(company, customer.locale),
    })
    if (change.kind === 'cancelled') {
      lines.push(
        t.t('manage.notice.cancelled', {
          when: wallClockDateTime(change.when, iso),
          shop: shop.name,
          number,
        }),
      )
      if (change.amountCents > 0 && change.given !== 'none') {
        const key = { refund: 'manage.notice.refund', credit: 'manage.notice.credit' } as const
        lines.push(t.t(key[change.given], { amount: money(change.amountCents) }))
      }
      if (change.failedCents > 0) {
        lines.push(t.t('manage.notice.refundLater', { amount: money(change.failedCents) }))
      }
    } else {
      lines.push(
        t.t('manage.notice.moved', {
          when: wallClockDateTime(change.to, iso),
          shop: shop.name,
          number,
        }),
      )
      if (change.creditedCents > 0) {
        lines.push(t.t('manage.notice.credit', { amount: money(change.creditedCents) }))
      }
      if (change.difference && change.difference.amountCents > 0) {
        const key = change.difference.due ? 'manage.dueDifference' : 'manage.paidDifference'
        lines.push(t.t(key, { amount: money(change.difference.amountCents) }))
      }
      const link = manageLinkLine(company, order.id, change.startsAt, customer.locale)
      lines.push('', link.line)
      secret = link.secret
    }
    lines.push('', t.t('bookingMail.signature'), name)
    await queueMessage(tx, {
      channel: 'email',
      to: customer.email,
      subject: t.t(
        change.kind === 'cancelled'
          ? 'manage.notice.cancelledSubject'
          : 'manage.notice.movedSubject',
        {
          company: name,
          number,
        },
      ),
      body: lines.join('\n'),
      ...(secret === undefined ? {} : { secret }),
      companyId: company.id,
      template,
    })
  }
  if (shop.email) {
    const t = createTranslator(DEFAULT_LOCALE)
    const { iso } = LOCALE_INFO[DEFAULT_LOCALE]
    const money = (cents: number) => formatMoney(cents, iso, moneySettings(company))
    const number = order.ideorder
    const body =
      change.kind === 'cancelled'
        ? [
            t.t('manage.notice.shopCancelled', {
              number,
              when: wallClockDateTime(change.when, iso),
            }),
            ...(change.failedCents > 0
              ? [t.t('manage.notice.shopRefundFailed', { amount: money(change.failedCents) })]
              : []),
          ]
        : [
            t.t('manage.notice.shopMoved', {
              number,
              from: wallClockDateTime(change.from, iso),
              to: wallClockDateTime(change.to, iso),
            }),
            ...(change.difference && change.difference.amountCents > 0
              ? [
                  t.t(change.difference.due ? 'manage.dueDifference' : 'manage.paidDifference', {
                    amount: money(change.difference.amountCents),
                  }),
                ]
              : []),
          ]
    await queueMessage(tx, {
      channel: 'email',
      to: shop.email,
      subject: t.t('manage.notice.shopSubject', { number }),
      body: body.join('\n'),
      companyId: company.id,
      template: mailTemplate('shop-booking-changed', DEFAULT_LOCALE, {
        shop: shop.name,
        number,
        failedCents: change.kind === 'cancelled' ? change.failedCents : 0,
        ...(change.kind === 'cancelled'
          ? { change: 'cancelled', when: change.when }
          : { change: 'moved', from: change.from, to: change.to, difference: change.difference }),
      } satisfies MailProps['shop-booking-changed']),
    })
  }
}
