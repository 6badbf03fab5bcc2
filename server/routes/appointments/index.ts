import { appointmentRequest } from '#contract/appointment.ts'
import { appointmentsCalls } from '#contract/calls/appointments.ts'
import { notFound } from '#server/http/errors.ts'
import { checkResponse, handle, type RouteSpec } from '#server/http/route.ts'
import { parseInput } from '#server/http/validate.ts'
import { availabilityPeriod } from '#server/services/booking/availability.ts'
import { checkRequest } from '#server/services/booking/check.ts'
import { placeHold } from '#server/services/booking/holds.ts'
import { priceTimes } from '#server/services/booking/price-times.ts'
import { cancelAppointment } from '#server/services/booking/remove.ts'
import { clock } from '#server/services/clock.ts'
import { bookingOrderView } from '#server/services/orders/booking-order.ts'
import { looseBody, looseQuery, requireAppointment, requireQuery } from './params.ts'

const calls = appointmentsCalls

/**
 * Appointments (docs/product/7-calls.md, booking group: errors leave as an `errors` object). The pure rules and
 * every query live in services/booking; these handlers check presence ('param manquants'),
 * parse with the contract and hand over.
 */
export const appointmentsRoutes: RouteSpec[] = [
  handle({ ...calls.period, query: looseQuery }, async ({ c, company, query }) => {
    requireQuery(query, ['shopId', 'servicesId', 'start', 'end'])
    const parsed = parseInput(calls.period.query, query, 'query')
    const { db, availability, config } = c.var.deps
    const minute = Math.floor(clock.now().getTime() / 60_000)
    // decision 009: the answer's JSON is reused for a moment, never across a write to the company
    const json = await availability.get(
      company.id,
      `${minute}|${JSON.stringify(parsed)}`,
      async () => {
        const days = await availabilityPeriod(db, company, parsed)
        if (config.validateResponses) checkResponse(calls.period, days, config.log)
        return JSON.stringify(days)
      },
    )
    return new Response(json, { headers: { 'content-type': 'application/json' } })
  }),

  handle({ ...calls.create, body: looseBody }, async ({ c, company, body, subject }) => {
    requireAppointment(body)
    const request = parseInput(appointmentRequest, body, 'body')
    const { db } = c.var.deps
    const hold = await placeHold(db, company, subject.id, request)
    const order = await bookingOrderView(db, company.id, hold.cartId)
    if (!order) throw notFound('No such booking order.')
    return order
  }),

  handle({ ...calls.remove, query: looseQuery }, async ({ c, company, query, subject }) => {
    requireQuery(query, ['appointmentId'])
    const { appointmentId } = parseInput(calls.remove.query, query, 'query')
    await cancelAppointment(c.var.deps.db, company.id, subject.id, appointmentId)
    return { ok: true as const }
  }),

  handle({ ...calls.check, body: looseBody }, async ({ c, company, body, subject }) => {
    requireAppointment(body)
    const request = parseInput(appointmentRequest, body, 'body')
    const customerId = subject?.kind === 'customer' ? subject.id : undefined
    return checkRequest(c.var.deps.db, company, customerId, request)
  }),

  handle({ ...calls.priceTimes, query: looseQuery }, ({ c, company, query }) =>
    priceTimes(c.var.deps.db, company, query),
  ),
]
