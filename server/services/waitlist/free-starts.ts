import type { Db } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { clock, notFound } from '#server/kernel/index.ts'
import type { AvailabilityCache, BookingCatalogue } from '../booking/index.ts'
import {
  companyBookingOf,
  needsOf,
  planDate,
  resourceDays,
  type ServiceNeed,
  shopBusyDays,
  shopCatalogue,
  visitStarts,
} from '../booking/index.ts'

/** A visit (services back to back) on one day at one shop, as the slot picker computes it. */
export interface DayStarts {
  readonly catalogue: BookingCatalogue
  readonly needs: readonly ServiceNeed[]
  /** minutes of the whole visit */
  readonly duration: number
  /** undefined: the shop does not open that day (closed, past, booking off) */
  readonly starts: readonly number[] | undefined
}

/**
 * The free starts of a visit on `day` with the availability computation of the slot picker
 * (services/booking/availability/availability.ts): the same plan, busy time and assignment. A shop or service
 * the company does not have is a 404.
 */
export async function dayStarts(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  shopId: string,
  serviceIds: readonly string[],
  day: string,
): Promise<DayStarts> {
  const settings = companyBookingOf(company)
  const now = clock.now()
  const catalogue = await shopCatalogue(db, cache, company.id, shopId, now)
  if (!catalogue) throw notFound('No such shop.')
  const needs = needsOf(catalogue, serviceIds, settings)
  const duration = needs.reduce((sum, need) => sum + need.duration, 0)
  const plan =
    settings.enabled && catalogue.shop.active
      ? planDate(catalogue, day, settings.cuttingHours, now)
      : undefined
  if (!plan) return { catalogue, needs, duration, starts: undefined }
  const busy = (await shopBusyDays(db, cache, company.id, catalogue, [day], now)).get(day)
  const starts = visitStarts(plan.starts, needs, resourceDays(plan, busy, needs)).map(
    (s) => s.start,
  )
  return { catalogue, needs, duration, starts }
}
