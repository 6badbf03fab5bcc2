import * as z from 'zod/mini'
import { appointmentCheckResponse, appointmentRequest, priceTime } from '../appointment'
import { availabilityPeriod } from '../availability'
import { bookingOrder } from '../booking-order'
import { defineCall } from '../call'
import { ack, id, isoDate } from '../common'
import { DEFAULT_APPOINTMENT_MODE } from '../constants'
import { cartHoldRequest, heldCart } from '../held-cart'
import { queryFlag, queryIdList } from '../query'

/** docs/product/7-calls.md Appointments, served by the booking group (docs/product/8-errors.md errors object). */

/** The longest period one availability query may ask for, so one call stays cheap. */
export const MAX_PERIOD_DAYS = 62
const DAY_MS = 86_400_000

/**
 * docs/product/7-calls.md period query. Every value is a string as it comes off the URL; the output is typed.
 * shop, services, start and end are required (docs/product/5-rules.md "param manquants").
 */
export const appointmentsPeriodQuery = z
  .object({
    shopId: id,
    /** comma-separated service ids */
    servicesId: queryIdList,
    start: isoDate,
    end: isoDate,
    mode: z._default(z.enum(['1', '2']), DEFAULT_APPOINTMENT_MODE),
    checkGiftLimit: z._default(queryFlag, false),
    /** check equipment availability (cabin mode) */
    equipment: z._default(queryFlag, false),
  })
  .check(
    z.refine(
      (q) => {
        const days = (Date.parse(q.end) - Date.parse(q.start)) / DAY_MS
        return days >= 0 && days < MAX_PERIOD_DAYS
      },
      { message: `end must be on or after start, within ${MAX_PERIOD_DAYS} days`, path: ['end'] },
    ),
  )
export type AppointmentsPeriodQuery = z.infer<typeof appointmentsPeriodQuery>
export type AppointmentsPeriodQueryInput = z.input<typeof appointmentsPeriodQuery>

const BOOKING = { group: 'booking', auth: 'customer' } as const

export const appointmentsCalls = {
  period: defineCall({
    method: 'GET',
    path: '/api/appointments',
    group: 'booking',
    auth: 'optional',
    query: appointmentsPeriodQuery,
    response: availabilityPeriod,
  }),
  /** books; the order stays pending until paid when service payment is on */
  create: defineCall({
    method: 'POST',
    path: '/api/appointments',
    ...BOOKING,
    body: appointmentRequest,
    response: bookingOrder,
  }),
  /** cancels one of the customer's appointments */
  remove: defineCall({
    method: 'DELETE',
    path: '/api/appointments',
    ...BOOKING,
    query: z.object({ appointmentId: id }),
    response: ack,
  }),
  /**
   * the cart holds exactly these slots of one visit, in one call, and answers the whole cart
   * (docs/decisions/073-one-cart.md)
   */
  holdCart: defineCall({
    method: 'PUT',
    path: '/api/appointments/cart',
    ...BOOKING,
    body: cartHoldRequest,
    response: heldCart,
  }),
  /** the customer's booking cart as the server holds it: 404 once it is paid, lapsed or not theirs */
  cart: defineCall({
    method: 'GET',
    path: '/api/appointments/cart/:cartId',
    ...BOOKING,
    params: z.object({ cartId: id }),
    response: heldCart,
  }),
  /** releases every hold of the customer's cart (the browser's cart was emptied) */
  releaseCart: defineCall({
    method: 'DELETE',
    path: '/api/appointments/cart/:cartId',
    ...BOOKING,
    params: z.object({ cartId: id }),
    response: ack,
  }),
  check: defineCall({
    method: 'POST',
    path: '/api/appointments/check',
    group: 'booking',
    auth: 'optional',
    body: appointmentRequest,
    response: appointmentCheckResponse,
  }),
  /** empty list on failure (docs/product/8-errors.md) */
  priceTimes: defineCall({
    method: 'GET',
    path: '/api/appointments/priceTimes',
    group: 'booking',
    auth: 'optional',
    query: z.object({ customerId: id, servicesId: queryIdList, date: isoDate }),
    response: z.array(priceTime),
  }),
}
