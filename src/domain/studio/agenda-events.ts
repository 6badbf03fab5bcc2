import type { BookingOrder, BookingStatus } from '#contract/booking-order'
import type { TranslatedText } from '#contract/common'
import { lineName } from '#domain/cart/line-name'
import type { PaymentState } from '#domain/orders/payment-state'

/**
 * The studio's agenda reads the booking orders of its days (booking admin history, by
 * appointment date and shop) and shows one event per booked appointment in its resource's column
 * (docs/decisions/071-studio-app.md). Times stay the shop's wall clock: the calendar gets a Date
 * with the same wall-clock fields in the browser's zone, so a receptionist abroad or a DST day
 * still sees the shop's hours.
 */

/** The column of an appointment that names no employee nor cabin. */
export const UNASSIGNED = 'unassigned'

export interface AgendaEvent {
  /** `<ideorder>:<appointment id>`: unique across the day */
  readonly id: string
  readonly ideorder: string
  readonly resourceId: string
  /** shop wall clock, 'YYYY-MM-DDTHH:MM' */
  readonly start: string
  readonly end: string
  readonly minutes: number
  readonly customerId: string
  readonly service: string
  readonly status: BookingStatus
  /** the order's payment state as its bill gives it (absent on an order without a bill) */
  readonly payment?: PaymentState | undefined
  /** the order's amounts, minor units: paid so far and still due */
  readonly paid: number
  readonly due: number
  readonly currency: string
  /** a hold or an unpaid order: shown as tentative */
  readonly tentative: boolean
}

export interface AgendaFilter {
  readonly shopId: string
  /** 'YYYY-MM-DD', the shop's days, both included: one day, or a week */
  readonly from: string
  readonly to: string
  /** only these resources' appointments (a practitioner); undefined: all */
  readonly resourceIds?: readonly string[] | undefined
  readonly locale: string
}

/** wall clock to wall clock, as on a clock face: a DST change in between does not count */
const minutesBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}:00Z`) - Date.parse(`${start}:00Z`)) / 60_000)

function textIn(text: TranslatedText | undefined, locale: string): string {
  const names: Record<string, string> = {}
  for (const [language, value] of Object.entries(text ?? {})) if (value) names[language] = value
  return lineName({ name: names.fr ?? Object.values(names)[0] ?? '', names }, locale)
}

function amounts(order: BookingOrder) {
  const total = order.bill?.total.amount ?? order.total.amount
  return {
    paid: order.paid.amount,
    due: Math.max(0, total - order.paid.amount),
    currency: order.paid.currency,
  }
}

export function agendaEvents(orders: readonly BookingOrder[], filter: AgendaFilter): AgendaEvent[] {
  const events: AgendaEvent[] = []
  for (const order of orders) {
    const names = new Map(
      (order.bill?.lines ?? []).map((l) => [l.articleId, textIn(l.name, filter.locale)]),
    )
    for (const appointment of order.appointments) {
      if (appointment.shopId !== filter.shopId) continue
      const day = appointment.start.slice(0, 10)
      if (day < filter.from || day > filter.to) continue
      const resourceId = appointment.employeeId ?? appointment.cabinId ?? UNASSIGNED
      if (filter.resourceIds && !filter.resourceIds.includes(resourceId)) continue
      events.push({
        id: `${order.ideorder}:${appointment.id}`,
        ideorder: order.ideorder,
        resourceId,
        start: appointment.start,
        end: appointment.end,
        minutes: minutesBetween(appointment.start, appointment.end),
        customerId: order.customerId,
        service: names.get(appointment.serviceId) ?? appointment.serviceId,
        status: order.status,
        payment: order.bill?.payment,
        ...amounts(order),
        tentative: order.status === 'pending',
      })
    }
  }
  return events.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id))
}

/** A shop wall-clock 'YYYY-MM-DDTHH:MM' as a Date with those fields in the browser's zone. */
export function wallClockDate(local: string): Date {
  const [date = '', time = '00:00'] = local.split('T')
  const [year, month, day] = date.split('-').map(Number)
  const [hour, minute] = time.split(':').map(Number)
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0)
}
