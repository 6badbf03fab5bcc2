import * as z from 'zod/mini'
import type { PriceTime } from '#contract/appointment.ts'
import { appointmentsCalls } from '#contract/calls/appointments.ts'
import { id } from '#contract/common.ts'
import { shop as shopSchema } from '#contract/shop.ts'
import { formatClockTime } from '#domain/slots/clock-time.ts'
import { DAY_MINUTES } from '#domain/slots/ranges.ts'
import type { Db } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { clock, Refusal } from '#server/kernel/index.ts'
import { listContent } from '../content/index.ts'
import { needsOf } from './availability/availability.ts'
import { planDate } from './availability/calendar.ts'
import { resourceDays } from './availability/day-resources.ts'
import { parseRow } from './availability/parse-cache.ts'
import { loadPeriod } from './catalogue.ts'
import { busyByDate } from './holds/claims.ts'
import { companyBookingOf } from './settings.ts'
import { visitStarts } from './visit.ts'

const shopQuery = z.object({ shopId: z.optional(id) })

/**
 * GET /api/appointments/priceTimes: for one date, every time the visit (the services chained in
 * the order given) can start, one entry per service with its start, end and server price.
 * The contract names no shop: `shopId` may be added to the query; without it, the first shop
 * (by order) performing every service is used. Any missing or bad parameter, or anything not
 * bookable, is an empty list (docs/product/5-rules.md, docs/product/8-errors.md).
 */
export async function priceTimes(
  db: Db,
  company: CompanyRow,
  raw: Record<string, string>,
): Promise<PriceTime[]> {
  const query = appointmentsCalls.priceTimes.query.safeParse(raw)
  const extra = shopQuery.safeParse(raw)
  if (!query.success || !extra.success) return []
  const { servicesId, date } = query.data
  try {
    const shopId = extra.data.shopId ?? (await firstShopFor(db, company.id, servicesId))
    if (shopId === undefined) return []
    const now = clock.now()
    const loaded = await loadPeriod(
      db,
      company.id,
      shopId,
      servicesId,
      { from: date, to: date },
      now,
    )
    const settings = companyBookingOf(company)
    if (!loaded || !settings.enabled || !loaded.catalogue.shop.active) return []
    const { catalogue } = loaded
    const needs = needsOf(catalogue, servicesId, settings)
    const plan = planDate(catalogue, date, settings.cuttingHours, now)
    if (!plan) return []
    const busy = busyByDate(loaded.spans, catalogue.shop.timeZone).get(date)
    const visits = visitStarts(plan.starts, needs, resourceDays(plan, busy, needs))
    // A visit must end by 23:59: an appointment's end is a time of its own day ('24:00' is none).
    return visits
      .filter((visit) => (visit.assignments.at(-1)?.end ?? DAY_MINUTES) < DAY_MINUTES)
      .flatMap((visit) =>
        visit.assignments.map((a) => ({
          serviceId: a.serviceId,
          start: formatClockTime(a.start),
          end: formatClockTime(a.end),
          prices: catalogue.services.get(a.serviceId)?.priceCents ?? 0,
        })),
      )
  } catch (error) {
    if (error instanceof Refusal) return []
    throw error
  }
}

async function firstShopFor(
  db: Db,
  companyId: number,
  serviceIds: readonly string[],
): Promise<string | undefined> {
  for (const row of await listContent(db, companyId, 'shops')) {
    const raw = { id: row.id, updated: row.updatedAt.getTime(), data: row.data }
    const shop = parseRow('shops', companyId, raw, shopSchema)
    if (!shop) continue
    const offered = new Set(shop.articles.map((a) => a.id))
    if (serviceIds.every((s) => offered.has(s))) return shop.id
  }
  return undefined
}
