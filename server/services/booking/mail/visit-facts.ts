import { and, asc, eq, inArray } from 'drizzle-orm'
import { DEFAULT_LOCALE, isLocale, type Locale } from '#i18n/locales.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  accounts,
  appointments,
  bookingOrders,
  carts,
  contentTables,
} from '#server/db/schema/index.ts'
import { readCustomerData } from '../../accounts/index.ts'

/** A shop's name and one-line postal address, from its content row's publicInfo. */
export function shopPlace(data: unknown): { name: string; address: string } {
  const info = ((data as { publicInfo?: unknown } | null)?.publicInfo ?? {}) as {
    name?: unknown
    address?: { address?: unknown; zipcode?: unknown; city?: unknown }
  }
  const address = [info.address?.address, [info.address?.zipcode, info.address?.city].join(' ')]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join(', ')
  return { name: typeof info.name === 'string' ? info.name : '', address }
}

/** A text of the catalogue in the reader's language, else French, else any. */
export function localText(value: unknown, locale: Locale): string {
  if (typeof value === 'string') return value
  if (typeof value !== 'object' || value === null) return ''
  const byLocale = value as Record<string, unknown>
  const own = byLocale[locale] ?? byLocale[DEFAULT_LOCALE] ?? Object.values(byLocale)[0]
  return typeof own === 'string' ? own : ''
}

export interface VisitLine {
  readonly id: string
  readonly service: string
  /** shop wall clock 'YYYY-MM-DDTHH:MM', in timeZone */
  readonly localStart: string
  readonly localEnd: string
  readonly timeZone: string
  readonly startsAt: Date
  readonly endsAt: Date
}

/** A confirmed visit as the reminder and the calendar file tell it. */
export interface VisitFacts {
  readonly orderId: string
  readonly ideorder: string
  readonly customerId: string | null
  readonly email: string
  readonly phone: string | null
  readonly firstname: string
  /** the language the customer booked in (the cart's), else French */
  readonly locale: Locale
  readonly shopName: string
  readonly shopAddress: string
  /** its confirmed appointments, earliest first (none: nothing left to visit) */
  readonly lines: readonly VisitLine[]
}

/** The names of some services in `locale`, by id (the ones the company has). */
export async function serviceNames(
  db: Db | Tx,
  companyId: number,
  ids: readonly string[],
  locale: Locale,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const { articles } = contentTables
  const rows = await db
    .select({ id: articles.id, data: articles.data })
    .from(articles)
    .where(and(eq(articles.companyId, companyId), inArray(articles.id, [...new Set(ids)])))
  return new Map(rows.map((row) => [row.id, localText(row.data.name, locale)]))
}

/** Reads one booking order's visit; undefined when the order does not exist in the company. */
export async function readVisit(
  db: Db | Tx,
  companyId: number,
  orderId: string,
  locale?: Locale,
): Promise<VisitFacts | undefined> {
  const [order] = await db
    .select({
      id: bookingOrders.id,
      ideorder: bookingOrders.ideorder,
      customerId: bookingOrders.customerId,
      shopId: bookingOrders.shopId,
      cartId: bookingOrders.cartId,
      cart: carts.data,
    })
    .from(bookingOrders)
    .innerJoin(
      carts,
      and(eq(carts.companyId, bookingOrders.companyId), eq(carts.id, bookingOrders.cartId)),
    )
    .where(and(eq(bookingOrders.companyId, companyId), eq(bookingOrders.id, orderId)))
  if (!order) return undefined
  const stored = order.cart.locale
  const language = locale ?? (isLocale(stored) ? stored : DEFAULT_LOCALE)
  const [customer] = order.customerId
    ? await db
        .select({ email: accounts.email, phone: accounts.phone, profile: accounts.profile })
        .from(accounts)
        .where(and(eq(accounts.companyId, companyId), eq(accounts.id, order.customerId)))
    : []
  const booked = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        // an order's appointments are its cart's: the cart index serves it (decision 041)
        eq(appointments.cartId, order.cartId),
        eq(appointments.bookingOrderId, orderId),
        eq(appointments.status, 'confirmed'),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
  const { shops } = contentTables
  const names = await serviceNames(
    db,
    companyId,
    booked.map((b) => b.serviceId),
    language,
  )
  const [shop] = await db
    .select({ data: shops.data })
    .from(shops)
    .where(and(eq(shops.companyId, companyId), eq(shops.id, order.shopId)))
  const place = shopPlace(shop?.data)
  const firstname = customer
    ? (readCustomerData(customer.profile).profiles[0]?.firstname ?? '')
    : ''
  return {
    orderId: order.id,
    ideorder: order.ideorder,
    customerId: order.customerId,
    email: customer?.email ?? '',
    phone: customer?.phone ?? null,
    firstname,
    locale: language,
    shopName: place.name,
    shopAddress: place.address,
    lines: booked.map((b) => ({
      id: b.id,
      service: names.get(b.serviceId) ?? '',
      localStart: b.localStart,
      localEnd: b.localEnd,
      timeZone: b.timeZone,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
    })),
  }
}
