import type { DayAvailability } from '#contract/availability.ts'
import type { AppointmentsPeriodQuery } from '#contract/calls/appointments.ts'
import { toTimeRanges } from '#domain/slots/ranges.ts'
import type { Db } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { clock, notFound } from '#server/kernel/index.ts'
import type { BookingCatalogue } from '../catalogue.ts'
import { voucherVisits, withoutFullDates } from '../gift-limit.ts'
import type { BusyByDate, BusyDay } from '../holds/claims.ts'
import { rulesOf, serviceNeed } from '../needs.ts'
import { companyBookingOf } from '../settings.ts'
import { type ServiceNeed, visitStarts } from '../visit.ts'
import type { AvailabilityCache } from './availability-cache.ts'
import { datesBetween, planDate } from './calendar.ts'
import { answerText } from './day-answers.ts'
import { resourceDays } from './day-resources.ts'
import { type PeriodAnswer, periodAnswer } from './period-answers.ts'
import { shopBusyDays, shopCatalogue } from './shop-days.ts'

/**
 * GET /api/appointments (docs/product/7-calls.md): per date, the employees who can perform the visit's services
 * with their working time and busy time, and (mode '2', cabins in use) the cabins that can host
 * them. A date where the whole visit (services chained back to back, each with a qualified free
 * employee and, where needed, a cabin) fits nowhere is left out: "nothing free that day".
 * The catalogue and each day's busy time come through the cache (shop-days.ts: at most one
 * statement, for the days it lacks); the rest is arithmetic on minutes.
 */
export async function availabilityPeriod(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  query: AppointmentsPeriodQuery,
): Promise<PeriodAnswer> {
  const settings = companyBookingOf(company)
  const now = clock.now()
  const catalogue = await shopCatalogue(db, cache, company.id, query.shopId, now)
  if (!catalogue) throw notFound('No such shop.')
  const needs = needsOf(catalogue, query.servicesId, settings)
  // a service booked at the salon only has no online slot (decision 092), as a closed shop
  const online = query.servicesId.every((id) => catalogue.services.get(id)?.onlineBooking)
  const dates =
    settings.enabled && catalogue.shop.active && online ? datesBetween(query.start, query.end) : []
  const busy: BusyByDate =
    dates.length > 0 ? await shopBusyDays(db, cache, company.id, catalogue, dates, now) : new Map()
  // decision 043: the same question on the same cached inputs is answered as it was; decision
  // 053: else it is made of its dates' parts, each computed again only when its inputs changed.
  // checkGiftLimit is not part of the question: it is applied to its answer below.
  const question = { ...query, checkGiftLimit: false }
  const inputs = { catalogue, company, query: question, dates, busy, now }
  const answer = periodAnswer(inputs, () => {
    const day = dayOfQuestion(catalogue, settings, question, needs, now)
    return answerText(inputs, day)
  })
  const first = dates[0]
  const last = dates.at(-1)
  if (!query.checkGiftLimit || settings.giftLimit === null || !first || !last) return answer
  // docs/decisions/063-last-partial-rows-of-the-api.md: a voucher booking sees no full day
  const visits = await voucherVisits(db, {
    companyId: company.id,
    shopId: query.shopId,
    from: first,
    to: last,
    now,
  })
  return withoutFullDates(answer, visits, settings.giftLimit)
}

/** The arithmetic of one question for one date over its inputs: no I/O. */
function dayOfQuestion(
  catalogue: BookingCatalogue,
  settings: ReturnType<typeof companyBookingOf>,
  query: AppointmentsPeriodQuery,
  needs: readonly ServiceNeed[],
  now: Date,
): (date: string, dayBusy: BusyDay | undefined) => DayAvailability | undefined {
  const employeeIds = new Set(needs.flatMap((n) => n.employees))
  const cabinIds = new Set(needs.flatMap((n) => n.cabins ?? []))
  const showCabins = query.mode === '2' && cabinIds.size > 0

  return (date, dayBusy) => {
    const plan = planDate(catalogue, date, settings.cuttingHours, now)
    if (!plan) return undefined
    if (visitStarts(plan.starts, needs, resourceDays(plan, dayBusy, needs)).length === 0) {
      return undefined
    }
    const events = (id: string) => toTimeRanges(dayBusy?.get(id) ?? [])
    return {
      m_tabres: catalogue.employees.flatMap((e) => {
        const working = plan.employees.get(e.id)
        if (!employeeIds.has(e.id) || !working) return []
        return [
          {
            m_id: e.id,
            m_displayname: e.name,
            m_workingHours: toTimeRanges(working),
            m_event: events(e.id),
            m_SbSelectionActive: e.visible,
          },
        ]
      }),
      m_tabresC: showCabins
        ? catalogue.cabins
            .filter((cabin) => cabinIds.has(cabin.id))
            .map((cabin) => {
              const busy = events(cabin.id)
              return {
                m_id: cabin.id,
                m_displayname: cabin.name,
                m_event: busy,
                // Equipment lives in its cabin: it is busy exactly when the cabin is.
                m_tabresA: query.equipment
                  ? cabin.equipments.map((e) => ({ m_id: e, m_displayname: e, m_event: busy }))
                  : [],
              }
            })
        : [],
    }
  }
}

/** The visit's needs, in the order asked; a service this shop does not perform is a 404. */
export function needsOf(
  catalogue: BookingCatalogue,
  serviceIds: readonly string[],
  settings: ReturnType<typeof companyBookingOf>,
  extraEquipments: readonly string[] = [],
): ServiceNeed[] {
  const rules = rulesOf(settings, catalogue)
  return serviceIds.map((id) => {
    const service = catalogue.services.get(id)
    if (!service) throw notFound(`No bookable service ${id} at this shop.`)
    return serviceNeed(service, catalogue, rules, extraEquipments)
  })
}
