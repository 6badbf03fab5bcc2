import type { AppointmentRequest } from '#contract/appointment.ts'
import type { DayPlan } from '#domain/slots/day-plan.ts'
import type { Db } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { clock, Refusal } from '#server/kernel/index.ts'
import type { AvailabilityCache } from './availability/availability-cache.ts'
import { planDate } from './availability/calendar.ts'
import { resourceDays } from './availability/day-resources.ts'
import { shopCatalogue } from './availability/shop-days.ts'
import { localMinutesToUtc } from './availability/zone-cache.ts'
import type { BookingCatalogue, BookingService } from './catalogue.ts'
import { rulesOf, serviceNeed } from './needs.ts'
import { type CompanyBooking, companyBookingOf } from './settings.ts'
import { assignVisit, type ServiceNeed } from './visit.ts'

/** Why a requested appointment cannot be booked (POST /check `reason`). */
export type Unavailable =
  | 'unknownShop'
  | 'unknownService'
  | 'bookingClosed'
  /** the service is booked at the salon only (decision 092) */
  | 'onlineBookingOff'
  | 'duration'
  | 'past'
  | 'outsideHours'
  | 'employee'
  | 'cabin'
  | 'equipment'
  | 'slotTaken'
  /** the day has no room for another voucher visit (gift-limit.ts) */
  | 'giftLimit'

/** A request checked against the catalogue and the calendar, before looking at other bookings. */
export interface PreparedRequest {
  readonly settings: CompanyBooking
  /** the date's opening and working time, before other bookings */
  readonly plan: DayPlan
  readonly catalogue: BookingCatalogue
  readonly service: BookingService
  /** candidates narrowed to the customer's picks */
  readonly need: ServiceNeed
  readonly date: string
  /** minutes since local midnight */
  readonly start: number
  readonly startsAt: Date
  readonly endsAt: Date
}

const minutesOf = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16))

export class UnavailableError extends Refusal {
  constructor(readonly reason: Unavailable) {
    super(...statusOf(reason))
  }
}

function statusOf(reason: Unavailable): ConstructorParameters<typeof Refusal> {
  if (reason === 'unknownShop') return [404, 'notFound', 'No such shop.']
  if (reason === 'unknownService')
    return [404, 'notFound', 'No bookable service with this id at this shop.']
  if (reason === 'duration')
    return [400, 'invalidInput', 'end must be start plus the service duration.']
  if (reason === 'onlineBookingOff')
    return [409, 'onlineBookingOff', 'This service is booked at the salon, not online.']
  if (reason === 'slotTaken')
    return [409, 'conflict', 'Conflict: this slot is no longer available.']
  return [409, 'slotUnavailable', `This slot cannot be booked (${reason}).`]
}

/**
 * Checks one appointment request: the shop and service exist and are bookable, end - start is the
 * catalogue's duration (the server's, not the client's), the date is open and not past, the
 * start is on the shop's block grid or right after another appointment of the same cart (a
 * chained visit), and a qualified employee (the one picked, if any) and, where needed, a cabin
 * holding the equipments work then. Other bookings are not looked at here.
 */
export async function prepareRequest(
  db: Db,
  cache: AvailabilityCache,
  company: CompanyRow,
  request: AppointmentRequest,
  chainEnds: () => Promise<readonly string[]> = async () => [],
  /** 'desk': the salon books it, so a service off online booking may be booked (decision 092) */
  channel: 'online' | 'desk' = 'online',
): Promise<PreparedRequest> {
  const settings = companyBookingOf(company)
  const date = request.start.slice(0, 10)
  const now = clock.now()
  // the shop's catalogue through the cache; other bookings are read under the locks, never here
  const catalogue = await shopCatalogue(db, cache, company.id, request.shopid, now)
  if (!catalogue) throw new UnavailableError('unknownShop')
  const service = catalogue.services.get(request.serviceid)
  if (!service) throw new UnavailableError('unknownService')
  if (channel === 'online' && !service.onlineBooking) throw new UnavailableError('onlineBookingOff')
  if (!settings.enabled || !catalogue.shop.active) throw new UnavailableError('bookingClosed')
  const start = minutesOf(request.start)
  if (minutesOf(request.end) - start !== service.duration) throw new UnavailableError('duration')

  const zone = catalogue.shop.timeZone
  const startsAt = localMinutesToUtc(date, start, zone)
  const endsAt = localMinutesToUtc(date, start + service.duration, zone)
  if (startsAt.getTime() <= now.getTime()) throw new UnavailableError('past')
  const plan = planDate(catalogue, date, settings.cuttingHours, now)
  // the cart's chain ends are read only for a start off the shop's grid (a chained service)
  if (!plan || !(plan.starts.includes(start) || (await chainEnds()).includes(request.start))) {
    throw new UnavailableError('outsideHours')
  }

  const picks = request.myAppointment
  const full = serviceNeed(service, catalogue, rulesOf(settings, catalogue), picks.equipmentIds)
  const equipment =
    settings.equipments && (service.equipments.length > 0 || picks.equipmentIds.length > 0)
  const need = narrow(full, catalogue, picks.employeeId, picks.cabinId, equipment)
  if (!assignVisit(start, [need], resourceDays(plan, undefined, [need]))) {
    throw new UnavailableError('outsideHours')
  }
  return { settings, plan, catalogue, service, need, date, start, startsAt, endsAt }
}

/** The customer's picks narrow the candidates; a pick that cannot do the service is refused. */
function narrow(
  need: ServiceNeed,
  catalogue: BookingCatalogue,
  employeeId: string | undefined,
  cabinId: string | undefined,
  equipment: boolean,
): ServiceNeed {
  let { employees, cabins } = need
  if (employeeId !== undefined) {
    const employee = catalogue.employees.find((e) => e.id === employeeId)
    // Only employees open to selection by name may be picked (m_SbSelectionActive).
    if (!employee?.visible || !employees.includes(employeeId)) {
      throw new UnavailableError('employee')
    }
    employees = [employeeId]
  }
  if (cabins !== undefined) {
    if (cabins.length === 0) {
      throw new UnavailableError(equipment ? 'equipment' : 'cabin')
    }
    if (cabinId !== undefined) {
      if (!cabins.includes(cabinId)) throw new UnavailableError('cabin')
      cabins = [cabinId]
    }
  }
  return { ...need, employees, cabins }
}
