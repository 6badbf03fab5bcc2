import { and, asc, eq } from 'drizzle-orm'
import { wallClockDateTime } from '#domain/account/order-dates.ts'
import { formatMoney } from '#domain/money/format-money.ts'
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO, type Locale } from '#i18n/locales.ts'
import { createTranslator } from '#i18n/messages.ts'
import type { Tx } from '#server/db/client.ts'
import {
  accounts,
  appointments,
  bookingOrders,
  type CartRow,
  type CompanyRow,
  contentTables,
} from '#server/db/schema/index.ts'
import { businessName, clock, moneySettings } from '#server/kernel/index.ts'
import {
  type CalendarProps,
  type Message,
  mailTemplate,
  packSecrets,
  queueMessage,
  SECRET,
  secretPart,
} from '../../notifier/index.ts'
import { calendarToken } from './calendar-token.ts'
import { manageLinkLine, manageLinkUrl } from './manage-link.ts'
import { calendarMailLines, visitCalendarProps } from './visit-calendar.ts'
import { readVisit, serviceNames, shopPlace } from './visit-facts.ts'

/** What the e-mail says of one order: read in the confirming transaction. */
export interface BookingMailFacts {
  readonly to: string
  readonly firstname: string
  readonly ideorder: string
  readonly shopName: string
  readonly shopAddress: string
  readonly lines: readonly { name: string; localStart: string; priceCents: number }[]
  readonly couponCents: number
  readonly voucherCents: number
  /** what the visitor pays for the order: lines − coupon − vouchers */
  readonly toPayCents: number
  /** decision 012: the free provider confirmed it, the amount is paid at the shop */
  readonly dueAtShop: boolean
  /** the booking order and the start of its visit, for the signed link to manage it */
  readonly orderId: string
  readonly visitStart: Date | undefined
}

const amountOf = (voucher: unknown): number => {
  const amount = (voucher as { amount?: unknown } | null)?.amount
  return typeof amount === 'number' ? amount : 0
}

/**
 * The booking confirmation e-mail (docs/decisions/011-price-rule.md: the amount on every screen
 * is the amount charged, e-mails included), wholly in the visitor's language: each appointment
 * with its price as charged, the coupon and vouchers as their own lines, and what was paid
 * online or is due at the shop.
 */
export function bookingMessage(
  company: CompanyRow,
  facts: BookingMailFacts,
  locale: Locale,
  /**
   * the add-to-calendar lines (services/booking/mail/visit-calendar.ts), the file link's token and
   * the visit as the template attaches it
   */
  calendar: {
    readonly lines: readonly string[]
    readonly token?: string
    readonly props?: CalendarProps | undefined
  } = { lines: [] },
): Message {
  const t = createTranslator(locale)
  const { iso } = LOCALE_INFO[locale]
  const money = (cents: number) => formatMoney(cents, iso, moneySettings(company))
  const name = businessName(company)
  const manage = facts.visitStart
    ? manageLinkLine(company, facts.orderId, facts.visitStart, locale)
    : undefined
  // the calendar token only where a line says where it goes (a message's secret must have its place)
  const withToken = calendar.token !== undefined && calendar.lines.some((l) => l.includes(SECRET))
  const calendarLines = calendar.lines.map((l) => l.replaceAll(SECRET, secretPart('calendar')))
  const secrets: Record<string, string> = {
    ...(manage ? { manage: manage.secret } : {}),
    ...(withToken && calendar.token ? { calendar: calendar.token } : {}),
  }
  const lines = [
    facts.firstname
      ? t.t('bookingMail.greeting', { name: facts.firstname })
      : t.t('bookingMail.hello'),
    '',
    t.t('bookingMail.intro', { number: facts.ideorder, shop: facts.shopName }),
    ...facts.lines.map((line) =>
      t.t('bookingMail.line', {
        service: line.name,
        when: wallClockDateTime(line.localStart, iso),
        price: money(line.priceCents),
      }),
    ),
    ...(facts.couponCents > 0
      ? [t.t('bookingMail.coupon', { amount: money(facts.couponCents) })]
      : []),
    ...(facts.voucherCents > 0
      ? [t.t('bookingMail.voucher', { amount: money(facts.voucherCents) })]
      : []),
    t.t(facts.dueAtShop ? 'bookingMail.dueAtShop' : 'bookingMail.paid', {
      amount: money(facts.toPayCents),
    }),
    ...(facts.shopAddress ? ['', t.t('bookingMail.address', { address: facts.shopAddress })] : []),
    // docs/decisions/038-visit-policy.md: move or cancel without signing in, until the visit
    ...(manage ? ['', manage.line.replaceAll(SECRET, secretPart('manage'))] : []),
    ...(calendarLines.length > 0 ? ['', ...calendarLines] : []),
    '',
    t.t('bookingMail.signature'),
    name,
  ]
  return {
    channel: 'email',
    to: facts.to,
    subject: t.t('bookingMail.subject', { company: name, number: facts.ideorder }),
    body: lines.join('\n'),
    // two secrets, each in its place: the manage link and the calendar file's token
    ...(Object.keys(secrets).length > 0 ? { secret: packSecrets(secrets) } : {}),
    companyId: company.id,
    template: mailTemplate('booking-confirmation', locale, {
      firstname: facts.firstname,
      number: facts.ideorder,
      shop: facts.shopName,
      address: facts.shopAddress,
      lines: facts.lines.map((line) => ({
        service: line.name,
        localStart: line.localStart,
        priceCents: line.priceCents,
      })),
      couponCents: facts.couponCents,
      voucherCents: facts.voucherCents,
      toPayCents: facts.toPayCents,
      dueAtShop: facts.dueAtShop,
      // the same placeholders as the text, so the same secret fills both
      ...(manage
        ? { manageLink: manageLinkUrl(company, locale).replaceAll(SECRET, secretPart('manage')) }
        : {}),
      ...(calendar.props ? { calendar: templateCalendar(calendar.props, withToken) } : {}),
    }),
  }
}

/** The template's calendar: its links only where the message carries the file's token. */
const templateCalendar = (props: CalendarProps, withToken: boolean): CalendarProps =>
  withToken ? props : { event: props.event, changedAt: props.changedAt }

async function factsOf(
  tx: Tx,
  company: CompanyRow,
  cart: CartRow,
  bookingOrderId: string,
  dueAtShop: boolean,
  locale: Locale,
): Promise<BookingMailFacts | undefined> {
  const companyId = company.id
  const [order] = await tx
    .select()
    .from(bookingOrders)
    .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.id, bookingOrderId)))
  const [customer] = cart.customerId
    ? await tx
        .select({ email: accounts.email, profile: accounts.profile })
        .from(accounts)
        .where(and(eq(accounts.companyId, companyId), eq(accounts.id, cart.customerId)))
    : []
  if (!order || !customer) return undefined
  const booked = await tx
    .select({
      serviceId: appointments.serviceId,
      localStart: appointments.localStart,
      startsAt: appointments.startsAt,
      priceCents: appointments.priceCents,
    })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.cartId, cart.id)))
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
  const names = await serviceNames(
    tx,
    companyId,
    booked.map((b) => b.serviceId),
    locale,
  )
  const shops = contentTables.shops
  const [shop] = await tx
    .select({ data: shops.data })
    .from(shops)
    .where(and(eq(shops.companyId, companyId), eq(shops.id, order.shopId)))
  const place = shopPlace(shop?.data)
  const coupon = cart.data.coupon as { discount?: unknown } | null | undefined
  const vouchers = Array.isArray(cart.data.vouchers) ? cart.data.vouchers : []
  const profile = customer.profile as { firstname?: unknown }
  return {
    to: customer.email,
    firstname: typeof profile.firstname === 'string' ? profile.firstname : '',
    ideorder: order.ideorder,
    shopName: place.name,
    shopAddress: place.address,
    lines: booked.map((b) => ({
      name: names.get(b.serviceId) ?? '',
      localStart: b.localStart,
      priceCents: b.priceCents,
    })),
    couponCents: typeof coupon?.discount === 'number' ? coupon.discount : 0,
    voucherCents: vouchers.reduce<number>((sum, v) => sum + amountOf(v), 0),
    toPayCents: cart.totalCents,
    dueAtShop,
    orderId: order.id,
    visitStart: booked[0]?.startsAt,
  }
}

/**
 * Queues the confirmation of a paid (or due-at-the-shop) booking in the confirming transaction:
 * relayed once it commits, never for a booking that rolled back.
 */
export async function queueBookingConfirmation(
  tx: Tx,
  company: CompanyRow,
  cart: CartRow,
  bookingOrderId: string,
  dueAtShop: boolean,
): Promise<void> {
  const stored = cart.data.locale
  const locale = typeof stored === 'string' && isLocale(stored) ? stored : DEFAULT_LOCALE
  const facts = await factsOf(tx, company, cart, bookingOrderId, dueAtShop, locale)
  if (!facts) return
  const visit = await readVisit(tx, company.id, bookingOrderId, locale)
  const last = visit?.lines.at(-1)
  const calendar =
    visit && last
      ? {
          lines: calendarMailLines(company, visit, locale),
          token: calendarToken(company.id, bookingOrderId, last.endsAt),
          props: visitCalendarProps(company, visit, clock.now(), {
            filePlaceholder: secretPart('calendar'),
          }),
        }
      : undefined
  await queueMessage(tx, bookingMessage(company, facts, locale, calendar))
}
