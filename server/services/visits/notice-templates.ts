import { and, desc, eq } from 'drizzle-orm'
import type { Locale } from '#i18n/locales.ts'
import type { Tx } from '#server/db/client.ts'
import {
  appointments,
  type BookingOrderRow,
  type CompanyRow,
  contentTables,
  type NotificationTemplate,
} from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { readVisit, serviceNames, shopPlace, visitCalendarProps } from '../booking/index.ts'
import { type CalendarProps, mailTemplate } from '../notifier/index.ts'

/** What changed in a visit managed online, as its notices tell it. */
export type VisitChange =
  | {
      readonly kind: 'cancelled'
      readonly when: string
      readonly given: 'refund' | 'credit' | 'none'
      /** what was given back */
      readonly amountCents: number
      /** a refund a provider refused: the shop refunds it by hand */
      readonly failedCents: number
    }
  | {
      readonly kind: 'moved'
      readonly from: string
      readonly to: string
      readonly startsAt: Date
      readonly creditedCents: number
      /** a dearer move's difference: paid online, or due at the shop (decision 042) */
      readonly difference?: { readonly amountCents: number; readonly due: boolean }
    }

/**
 * The customer's notice of a visit changed online as its template (decision 056), and the
 * calendar entry it attaches (decision 056): a moved visit as it stands
 * now (its new appointments), a cancelled one as it was (the appointments this cancellation
 * ended). Same UID as the confirmation's, so the customer's calendar updates or removes it.
 */
async function movedVisitCalendar(
  tx: Tx,
  company: CompanyRow,
  order: BookingOrderRow,
  locale: Locale,
  now: Date,
): Promise<CalendarProps | undefined> {
  const visit = await readVisit(tx, company.id, order.id, locale)
  return visit && visitCalendarProps(company, visit, now)
}

async function cancelledVisitCalendar(
  tx: Tx,
  company: CompanyRow,
  order: BookingOrderRow,
  locale: Locale,
  now: Date,
): Promise<CalendarProps | undefined> {
  const rows = await tx
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, company.id),
        eq(appointments.cartId, order.cartId),
        eq(appointments.bookingOrderId, order.id),
        eq(appointments.status, 'cancelled'),
      ),
    )
    .orderBy(desc(appointments.updatedAt), appointments.startsAt)
  // one cancellation stamps all it cancels at once (cancel.ts); earlier ones are moves' leftovers
  const latest = rows[0]?.updatedAt.getTime()
  const ended = rows
    .filter((row) => row.updatedAt.getTime() === latest)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
  if (ended.length === 0) return undefined
  const names = await serviceNames(
    tx,
    company.id,
    ended.map((row) => row.serviceId),
    locale,
  )
  const { shops } = contentTables
  const [shop] = await tx
    .select({ data: shops.data })
    .from(shops)
    .where(and(eq(shops.companyId, company.id), eq(shops.id, order.shopId)))
  const place = shopPlace(shop?.data)
  const visit = {
    orderId: order.id,
    ideorder: order.ideorder,
    shopName: place.name,
    shopAddress: place.address,
    lines: ended.map((row) => ({
      service: names.get(row.serviceId) ?? '',
      localStart: row.localStart,
      localEnd: row.localEnd,
      timeZone: row.timeZone,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
    })),
  }
  return visitCalendarProps(company, visit, now)
}

/**
 * The customer's notice as its template (decision 056): the same facts as the text, the manage
 * link with the same placeholder, and the visit's calendar entry updated or cancelled.
 */
export async function customerTemplate(
  tx: Tx,
  company: CompanyRow,
  order: BookingOrderRow,
  change: VisitChange,
  /** the shop's name as the text says it; the manage page with SECRET for the signed link */
  say: { readonly shop: string; readonly locale: Locale; readonly manageLink: string },
): Promise<NotificationTemplate> {
  const { shop, locale } = say
  const now = clock.now()
  if (change.kind === 'cancelled') {
    const calendar = await cancelledVisitCalendar(tx, company, order, locale, now)
    return mailTemplate('booking-cancelled', locale, {
      number: order.ideorder,
      shop,
      when: change.when,
      given: change.given,
      amountCents: change.amountCents,
      failedCents: change.failedCents,
      ...(calendar ? { calendar } : {}),
    })
  }
  const calendar = await movedVisitCalendar(tx, company, order, locale, now)
  return mailTemplate('booking-rescheduled', locale, {
    number: order.ideorder,
    shop,
    when: change.to,
    creditedCents: change.creditedCents,
    ...(change.difference ? { difference: change.difference } : {}),
    manageLink: say.manageLink,
    ...(calendar ? { calendar } : {}),
  })
}
