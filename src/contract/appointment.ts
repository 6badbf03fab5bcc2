import * as z from 'zod/mini'
import { flag, id, localDateTime, maybe, minorAmount, timeOfDay } from './common'
import { DEFAULT_APPOINTMENT_MODE } from './constants'

/** docs/product/7-calls.md: '1' books employees only, '2' also books cabins (cabin management). */
export const appointmentMode = z._default(z.enum(['1', '2']), DEFAULT_APPOINTMENT_MODE)

/**
 * The customer's choices inside a booking: which employee, cabin and equipment (ids from the
 * availability response; no employee means "anyone free"), a gift voucher paying for it.
 */
export const myAppointment = z.object({
  employeeId: maybe(id),
  cabinId: maybe(id),
  equipmentIds: z._default(z.array(id), []),
  giftCode: maybe(z.string()),
})

/** start and end in the same format, so string order is time order: one day, end after start. */
const endAfterStart = (a: { start: string; end: string }) =>
  a.start < a.end && a.start.slice(0, 10) === a.end.slice(0, 10)
const END_AFTER_START = { message: 'end must be after start, on the same day', path: ['end'] }

/** What one appointment asks for, whichever shop: a service, its times, who and what. */
const slotFields = {
  serviceid: id,
  start: localDateTime,
  end: localDateTime,
  mode: appointmentMode,
  checkGiftLimit: flag(false),
  checkEquipments: flag(false),
  myAppointment,
  /** the customer's note to the shop */
  customMessage: maybe(z.string().check(z.maxLength(2000))),
}

/**
 * docs/product/3-entities.md Appointment: one booking asked for (POST /api/appointments and /check). start and end
 * are wall-clock times in the shop's time zone (common.ts, TIME).
 */
export const appointmentRequest = z
  .object({ shopid: id, ...slotFields })
  .check(z.refine(endAfterStart, END_AFTER_START))
export type AppointmentRequest = z.infer<typeof appointmentRequest>

/** POST /api/appointments/check */
export const appointmentCheckResponse = z.object({
  available: z.boolean(),
  /** why not, as a message key ('slotTaken', 'giftLimit', 'equipment'...) */
  reason: maybe(z.string()),
})

/** GET /api/appointments/priceTimes: the price of a service at each time of one day. */
export const priceTime = z.object({
  serviceId: id,
  start: timeOfDay,
  end: timeOfDay,
  prices: minorAmount,
})
export type PriceTime = z.infer<typeof priceTime>

/**
 * One slot of a visit held through the cart (PUT /api/appointments/cart): an appointment request
 * without its shop, which the cart names once (docs/decisions/073-one-cart.md).
 */
export const cartSlot = z.object(slotFields).check(z.refine(endAfterStart, END_AFTER_START))
export type CartSlot = z.infer<typeof cartSlot>
export type CartSlotInput = z.input<typeof cartSlot>
