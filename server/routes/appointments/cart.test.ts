import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HeldCart, heldCart } from '#contract/held-cart.ts'
import { appointments } from '#server/db/schema/index.ts'
import { COMPANY, customers, period, setClock, startBookingApi } from '#server/test/appointments.ts'
import type { TestApi } from '#server/test/harness.ts'

/**
 * The cart's holds in one call (docs/decisions/073-one-cart.md): PUT /api/appointments/cart holds
 * exactly the slots asked and answers the whole cart, GET reads it back, DELETE releases it; the
 * hold limits of decision 017 and 062 hold through it.
 */
let t: TestApi
let fresh: string[]
const NOW = '2027-04-26T12:00:00Z'
const DAY = '2027-04-29'

beforeAll(async () => {
  setClock(NOW)
  t = await startBookingApi()
  fresh = await customers(t, 'booking.localhost', 8, 'cart')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const customer = (i: number) => fresh[i] ?? ''
const cut = (hour: number, employeeId?: string) => ({
  serviceid: 'cut',
  start: `${DAY}T${String(hour).padStart(2, '0')}:00`,
  end: `${DAY}T${String(hour + 1).padStart(2, '0')}:00`,
  myAppointment: employeeId ? { employeeId } : {},
})
const hold = (i: number, slots: unknown[], cartId?: string) =>
  t.call('/api/appointments/cart', {
    method: 'PUT',
    company: COMPANY,
    bearer: customer(i),
    json: { shopId: 's1', ...(cartId ? { cartId } : {}), slots },
  })
const read = (i: number, cartId: string, method = 'GET') =>
  t.call(`/api/appointments/cart/${cartId}`, { method, company: COMPANY, bearer: customer(i) })
const held = (body: unknown): HeldCart => heldCart.parse(body)
const starts = (cart: HeldCart) => cart.order.appointments.map((a) => a.start.slice(11))

describe('PUT /api/appointments/cart', () => {
  it('holds two slots of a visit in one call and answers the whole cart, with its deadline', async () => {
    const answer = await hold(0, [cut(9), cut(10)])
    expect(answer.status).toBe(200)
    const cart = held(answer.body)
    expect(starts(cart)).toEqual(['09:00', '10:00'])
    expect(cart.order.id).toBe(cart.cartId)
    expect(cart.order.status).toBe('pending')
    expect(cart.order.total.amount).toBe(
      cart.order.appointments.reduce((sum, a) => sum + a.price.amount, 0),
    )
    expect(Date.parse(cart.expiresAt ?? '')).toBeGreaterThan(Date.parse(NOW))
    const rows = await t.db.select().from(appointments).where(eq(appointments.cartId, cart.cartId))
    expect(rows.map((r) => r.status)).toEqual(['hold', 'hold'])
    // read back as the server holds it
    const again = await read(0, cart.cartId)
    expect(again.status).toBe(200)
    expect(held(again.body)).toEqual(cart)
  })

  it('asked again, keeps what it holds, releases what is no longer asked, holds what is new', async () => {
    const first = held((await hold(1, [cut(9), cut(10)])).body)
    const same = held((await hold(1, [cut(9), cut(10)], first.cartId)).body)
    expect(same.order.appointments.map((a) => a.id)).toEqual(
      first.order.appointments.map((a) => a.id),
    )
    expect(same.expiresAt).toBe(first.expiresAt)
    const moved = held((await hold(1, [cut(9), cut(14)], first.cartId)).body)
    expect(moved.cartId).toBe(first.cartId)
    expect(starts(moved)).toEqual(['09:00', '14:00'])
    expect(moved.order.appointments[0]?.id).toBe(first.order.appointments[0]?.id)
    const rows = await t.db.select().from(appointments).where(eq(appointments.cartId, first.cartId))
    const tenOClock = rows.find((r) => r.localStart === `${DAY}T10:00`)
    expect(tenOClock?.status).toBe('cancelled')
    // the released slot is free again for the next visitor
    const days = await period(t, { servicesId: 'cut', start: DAY, end: DAY })
    expect(JSON.stringify(days.body)).toContain('10:00')
  })

  it('a slot taken stops the call with a 409; what was held before it stays in the cart', async () => {
    held((await hold(2, [cut(16, 'alice')])).body)
    const refused = await hold(3, [cut(15, 'alice'), cut(16, 'alice')])
    expect(refused.status).toBe(409)
    // the body names the slot refused: the second one asked
    expect(refused.body).toMatchObject({ slot: 1 })
    const rows = await t.db.select().from(appointments).where(eq(appointments.employeeId, 'alice'))
    const mine = rows.filter((r) => r.localStart === `${DAY}T15:00` && r.status === 'hold')
    expect(mine).toHaveLength(1)
  })

  it('keeps the hold limits: at most a visit’s worth at one shop on one day (429)', async () => {
    const seven = [9, 10, 11, 12, 13, 14, 15].map((hour) => ({
      ...cut(hour),
      start: `2027-04-30T${String(hour).padStart(2, '0')}:00`,
      end: `2027-04-30T${String(hour + 1).padStart(2, '0')}:00`,
    }))
    const answer = await hold(4, seven)
    expect(answer.status).toBe(429)
    expect(answer.body).toMatchObject({ type: 'tooManyHoldsForDay', slot: 6 })
  })

  it('another customer’s cart is not found; DELETE releases every hold of one’s own', async () => {
    const cart = held((await hold(5, [cut(11), cut(12)])).body)
    expect((await read(6, cart.cartId)).status).toBe(404)
    expect((await read(6, cart.cartId, 'DELETE')).status).toBe(404)
    expect((await read(5, cart.cartId, 'DELETE')).status).toBe(200)
    const rows = await t.db.select().from(appointments).where(eq(appointments.cartId, cart.cartId))
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'cancelled'])
  })

  it('asks for a signed-in customer and at least one slot', async () => {
    const anonymous = await t.call('/api/appointments/cart', {
      method: 'PUT',
      company: COMPANY,
      json: { shopId: 's1', slots: [cut(9)] },
    })
    expect(anonymous.status).toBe(401)
    expect((await hold(7, [])).status).toBe(400)
  })
})
