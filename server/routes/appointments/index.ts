import { appointmentRequest } from '#contract/appointment.ts'
import { appointmentsCalls } from '#contract/calls/appointments.ts'
import { packJsonOnce } from '#server/http/compress.ts'
import { checkResponse, handle, type RouteSpec } from '#server/http/route.ts'
import { parseInput } from '#server/http/validate.ts'
import {
  availabilityPeriod,
  cancelAppointment,
  checkRequest,
  heldCartOf,
  holdCart,
  placeHold,
  priceTimes,
  releaseCart,
} from '#server/services/booking/index.ts'
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
    // decision 035: the shop's catalogue and busy days come through the availability cache
    const answer = await availabilityPeriod(db, availability, company, parsed)
    // answers are kept as text (docs/decisions/048-answers-kept-as-text.md): checked as sent
    if (config.validateResponses) checkResponse(calls.period, JSON.parse(answer.text), config.log)
    // decision 043: a reused answer is sent as the bytes it was packed into
    const accept = c.req.header('accept-encoding')
    const packed = await packJsonOnce(answer, accept, c.req.method === 'HEAD')
    return c.body(packed.body, 200, { ...packed.headers })
  }),

  handle({ ...calls.create, body: looseBody }, async ({ c, company, body, subject }) => {
    requireAppointment(body)
    const request = parseInput(appointmentRequest, body, 'body')
    const { db, availability } = c.var.deps
    // decision 035: only a committed hold forgets cached availability, and only its days
    c.set('availabilityHandled', true)
    const hold = await placeHold(db, availability, company, subject.id, request)
    availability.invalidate(company.id, hold.touched)
    return hold.order
  }),

  handle({ ...calls.remove, query: looseQuery }, async ({ c, company, query, subject }) => {
    requireQuery(query, ['appointmentId'])
    const { appointmentId } = parseInput(calls.remove.query, query, 'query')
    const { db, availability } = c.var.deps
    // decision 041: a cancellation forgets only the day it freed, once committed
    c.set('availabilityHandled', true)
    const freed = await cancelAppointment(db, company.id, subject.id, appointmentId)
    if (freed) availability.invalidate(company.id, freed)
    return { ok: true as const }
  }),

  handle(calls.holdCart, async ({ c, company, body, subject }) => {
    const { db, availability } = c.var.deps
    // each committed hold and release forgets only its days (decision 035), in holdCart
    c.set('availabilityHandled', true)
    return holdCart(db, availability, company, subject.id, body)
  }),

  handle(calls.cart, ({ c, company, params, subject }) =>
    heldCartOf(c.var.deps.db, company.id, subject.id, params.cartId),
  ),

  handle(calls.releaseCart, async ({ c, company, params, subject }) => {
    const { db, availability } = c.var.deps
    c.set('availabilityHandled', true)
    const freed = await releaseCart(db, company.id, subject.id, params.cartId)
    for (const scope of freed) availability.invalidate(company.id, scope)
    return { ok: true as const }
  }),

  handle({ ...calls.check, body: looseBody }, async ({ c, company, body, subject }) => {
    requireAppointment(body)
    const request = parseInput(appointmentRequest, body, 'body')
    const customerId = subject?.kind === 'customer' ? subject.id : undefined
    // a check writes nothing: cached availability stays (decision 035)
    c.set('availabilityHandled', true)
    const { db, availability } = c.var.deps
    return checkRequest(db, availability, company, customerId, request)
  }),

  handle({ ...calls.priceTimes, query: looseQuery }, ({ c, company, query }) =>
    priceTimes(c.var.deps.db, company, query),
  ),
]
