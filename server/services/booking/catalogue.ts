import { articleRecord } from '#contract/article.ts'
import { closedDay, openDay } from '#contract/calendar-day.ts'
import { CABIN_RESOURCE_TYPE, COLLABORATOR_RESOURCE_TYPE } from '#contract/constants.ts'
import type { OpeningHours, TimeRange } from '#contract/opening-hours.ts'
import { resource } from '#contract/resource.ts'
import { shop as shopSchema } from '#contract/shop.ts'
import type { Db } from '#server/db/client.ts'
import { shopNameOf } from '../orders/index.ts'
import type { BusySpan } from './availability/busy-span.ts'
import { parseRow } from './availability/parse-cache.ts'
import { loadCatalogueRows, loadPeriodRows, type PeriodRows } from './availability/period-query.ts'
import { servicePrice } from './price.ts'

export interface BookingShop {
  readonly id: string
  readonly timeZone: string
  readonly openingHours: OpeningHours
  readonly active: boolean
  readonly useCabins: boolean
  /** the public name an order's bill shows */
  readonly name: string | undefined
}

export interface BookingService {
  readonly id: string
  readonly duration: number
  readonly cabinRequired: boolean
  readonly equipments: readonly string[]
  readonly priceCents: number
  /** booked online (docs/decisions/092-week-prices-and-online-booking.md); off: at the salon only */
  readonly onlineBooking: boolean
}

export interface BookingEmployee {
  readonly id: string
  readonly name: string
  /** the customer may pick this employee by name (m_SbSelectionActive) */
  readonly visible: boolean
  /** empty: performs every service */
  readonly services: readonly string[]
  readonly workingHours: OpeningHours
}

export interface BookingCabin {
  readonly id: string
  readonly name: string
  readonly equipments: readonly string[]
}

export interface BookingCatalogue {
  readonly shop: BookingShop
  /** the bookable services asked for that this shop performs, keyed by id */
  readonly services: ReadonlyMap<string, BookingService>
  readonly employees: readonly BookingEmployee[]
  readonly cabins: readonly BookingCabin[]
  /** dates 'YYYY-MM-DD' on which the shop takes no booking */
  readonly closed: ReadonlySet<string>
  /** exceptional openings: their hours replace the weekday's */
  readonly open: ReadonlyMap<string, readonly TimeRange[]>
}

/** The catalogue and the live claims of a shop over [from, to] (dates), in one query. */
export interface LoadedPeriod {
  readonly catalogue: BookingCatalogue
  readonly spans: readonly BusySpan[]
}

/**
 * Everything availability and booking read (period-query.ts: one statement), through the
 * contract schemas (parse-cache.ts), so ids are strings and defaults apply; a row that breaks
 * the contract is left out. undefined: no such shop.
 */
export async function loadPeriod(
  db: Db,
  companyId: number,
  shopId: string,
  serviceIds: readonly string[],
  period: { readonly from: string; readonly to: string },
  now: Date,
): Promise<LoadedPeriod | undefined> {
  const rows = await loadPeriodRows(db, companyId, shopId, serviceIds, period, now)
  const catalogue = parseCatalogue(companyId, rows, serviceIds)
  if (!catalogue) return undefined
  const spans = rows.claims.map(([resourceId, startsAt, endsAt]) => ({
    resourceId,
    startsAt,
    endsAt,
  }))
  return { catalogue, spans }
}

/**
 * The rows of a shop through the contract schemas (parse-cache.ts), so ids are strings and
 * defaults apply; a row that breaks the contract is left out. undefined: no such shop. With
 * `serviceIds`, only those services (availability asks for some); without, all the shop offers.
 */
function parseCatalogue(
  companyId: number,
  rows: PeriodRows,
  serviceIds?: readonly string[],
): BookingCatalogue | undefined {
  const asked = serviceIds ? new Set(serviceIds) : undefined
  const shop = rows.shop ? parseRow('shops', companyId, rows.shop, shopSchema) : undefined
  if (!shop) return undefined
  const offered = new Set(shop.articles.map((a) => a.id))

  const services = new Map<string, BookingService>()
  for (const row of rows.services) {
    const a = parseRow('articles', companyId, row, articleRecord)
    if (!a || a.type === '2' || a.draft || a.duration === undefined || !offered.has(a.id)) continue
    if (asked && !asked.has(a.id)) continue
    services.set(a.id, {
      id: a.id,
      duration: a.duration,
      cabinRequired: a.booker.cabinRequired,
      equipments: a.booker.equipments,
      priceCents: servicePrice(a, shop.id),
      onlineBooking: a.booker.onlineBooking,
    })
  }

  const employees: BookingEmployee[] = []
  const cabins: BookingCabin[] = []
  for (const row of rows.resources) {
    const r = parseRow('resources', companyId, row, resource)
    if (!r) continue
    if (r.type === COLLABORATOR_RESOURCE_TYPE) {
      employees.push({
        id: r.id,
        name: r.displayName,
        visible: r.visible,
        services: r.services,
        workingHours: r.workingHours,
      })
    } else if (r.type === CABIN_RESOURCE_TYPE) {
      cabins.push({ id: r.id, name: r.displayName, equipments: r.equipments })
    }
  }

  const closed = new Set<string>()
  for (const row of rows.closed) {
    const day = parseRow('closedDays', companyId, row, closedDay)
    if (day) closed.add(day.date)
  }
  const open = new Map<string, readonly TimeRange[]>()
  for (const row of rows.open) {
    const day = parseRow('openDays', companyId, row, openDay)
    if (day) open.set(day.date, day.hours)
  }

  return {
    shop: {
      id: shop.id,
      timeZone: shop.timeZone,
      openingHours: shop.openingHours,
      active: shop.booker.active,
      useCabins: shop.booker.shopUseCabins,
      name: shopNameOf(shop),
    },
    services,
    employees,
    cabins,
    closed,
    open,
  }
}

/**
 * The shop's whole catalogue (every service it offers, closed and open days from `from` on),
 * what the availability cache keeps per shop. undefined: no such shop.
 */
export async function loadShopCatalogue(
  db: Db,
  companyId: number,
  shopId: string,
  from: string,
): Promise<BookingCatalogue | undefined> {
  return parseCatalogue(companyId, await loadCatalogueRows(db, companyId, shopId, from))
}
