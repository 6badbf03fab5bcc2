import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { heldCart } from '#contract/held-cart.ts'
import { appointments, carts, notifications, payments } from '#server/db/schema/index.ts'
import type { TestApi } from '#server/test/harness.ts'
import {
  customers,
  hold,
  hostOf,
  NOW,
  setClock,
  startPaymentApi,
  tokenOf,
  WEDNESDAY,
} from '#server/test/payment.ts'
import { countStatements } from '#server/test/statements.ts'

/**
 * One cart (docs/decisions/073-one-cart.md): a two-slot visit held in one call and paid by its
 * cart id, against the spec's form (one hold per slot, initialize naming the appointments again),
 * counted in requests and SQL statements from the first hold to the confirmed booking.
 */
let t: TestApi
let bearers: string[]
const FREE = tokenOf('free')
const customer = (i: number) => bearers[i] ?? ''

beforeAll(async () => {
  t = await startPaymentApi(['free'])
  bearers = await customers(t, hostOf('free'), 6, 'one')
}, 120_000)
afterAll(async () => {
  setClock(undefined)
  await t?.close()
})

const slot = (serviceid: 'cut' | 'color', start: string, end: string) => ({
  serviceid,
  start: `${WEDNESDAY}T${start}`,
  end: `${WEDNESDAY}T${end}`,
  myAppointment: {},
})
const holdCart = (i: number, slots: unknown[]) =>
  t.call('/api/appointments/cart', {
    method: 'PUT',
    company: FREE,
    bearer: customer(i),
    json: { shopId: 's1', slots },
  })
const initialize = (i: number, body: Record<string, unknown>) =>
  t.call('/api/payment/initialize', {
    company: FREE,
    bearer: customer(i),
    json: { purpose: 'booking', shopId: 's1', ...body },
  })
const pay = (i: number, init: { cartId: string; result: { token: string } }) =>
  t.call('/api/payment/pay', {
    company: FREE,
    bearer: customer(i),
    json: { cartId: init.cartId, paymentToken: init.result.token },
  })
type Init = { cartId: string; result: { token: string }; prices: { total: { amount: number } } }

/**
 * Waits until the notifier's relay has taken the confirmations queued so far out of the queue:
 * its statements are background work (server/test/statements.ts), not the next visit's.
 */
async function outboxSettled() {
  for (let i = 0; i < 100; i++) {
    const queued = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.transport, ['queued', 'sending']))
    if (queued.length === 0) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Counts one visit's requests and statements, each request answered 200. */
async function measured(steps: (() => Promise<{ status: number; body: unknown }>)[]) {
  const counter = countStatements(t)
  const answers: unknown[] = []
  const perStep: number[] = []
  try {
    for (const step of steps) {
      const from = counter.count
      const answer = await step()
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      answers.push(answer.body)
      perStep.push(counter.count - from)
    }
  } finally {
    counter.stop()
  }
  if (process.env.SHOW_STATEMENTS)
    console.log(counter.seen.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 140)).join('\n'))
  return { requests: steps.length, statements: counter.count, perStep, answers }
}

describe('one cart: a two-slot visit', () => {
  it('is held in one call and paid with only the cart id; the spec’s form still works beside it', async () => {
    // the spec's form: one hold per slot, initialize with the appointments
    const spec = [slot('cut', '10:00', '11:00'), slot('color', '11:00', '11:30')]
    let specInit: Init | undefined
    const before = await measured([
      () => hold(t, FREE, customer(0), 'cut', '10:00'),
      () => hold(t, FREE, customer(0), 'color', '11:00'),
      async () => {
        const answer = await initialize(0, {
          appointments: spec.map((s) => ({ shopid: 's1', ...s })),
        })
        specInit = answer.body as Init
        return answer
      },
      () => pay(0, specInit ?? { cartId: '', result: { token: '' } }),
    ])
    await outboxSettled()
    // the cart's form: one hold of both slots, initialize with the cart id
    let cartId = ''
    let init: Init | undefined
    const after = await measured([
      async () => {
        const answer = await holdCart(1, [
          slot('cut', '14:00', '15:00'),
          slot('color', '15:00', '15:30'),
        ])
        cartId = heldCart.parse(answer.body).cartId
        return answer
      },
      async () => {
        const answer = await initialize(1, { cartId })
        init = answer.body as Init
        return answer
      },
      () => pay(1, init ?? { cartId: '', result: { token: '' } }),
    ])
    expect(init?.cartId).toBe(cartId)
    expect(init?.prices.total.amount).toBe(specInit?.prices.total.amount)
    const rows = await t.db.select().from(appointments).where(eq(appointments.cartId, cartId))
    expect(rows.map((r) => r.status)).toEqual(['confirmed', 'confirmed'])
    console.log(
      `one booked two-slot visit: spec form ${before.requests} requests, ${before.statements} statements (${before.perStep.join(' + ')}); ` +
        `cart form ${after.requests} requests, ${after.statements} statements (${after.perStep.join(' + ')})`,
    )
    expect(after.requests).toBe(3)
    expect(after.statements).toBeLessThan(before.statements)
  })

  it('a hold of both slots, once the day was read, is at most 5 round trips to the database', async () => {
    // the slot picker read the day first, as the browser does
    const days = await t.call(
      `/api/appointments?shopId=s1&servicesId=cut&start=${WEDNESDAY}&end=${WEDNESDAY}`,
      { company: FREE },
    )
    expect(days.status).toBe(200)
    // The booking paid just before leaves its confirmation mail to the relay, a job of the
    // queue. In a whole CI run the relay's write fell inside the count and the hold's call ran
    // twice (a retried deadlock, it seems): 6 statements. The hold alone is what is counted.
    await vi.waitFor(
      async () => {
        const waiting = await t.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.transport, 'queued'))
        expect(waiting).toEqual([])
      },
      { timeout: 30_000, interval: 100 },
    )
    const counter = countStatements(t)
    try {
      const answer = await holdCart(2, [
        slot('cut', '16:00', '17:00'),
        slot('color', '17:00', '17:30'),
      ])
      expect(answer.status).toBe(200)
    } finally {
      counter.stop()
    }
    console.log(`a hold of two slots: ${counter.count} statements`)
    expect(
      counter.count,
      counter.seen.map((s) => s.text.slice(0, 120)).join('\n'),
    ).toBeLessThanOrEqual(5)
  })

  it('initialize with a cart id that is not the customer’s pays nothing (409 noHolds)', async () => {
    const mine = heldCart.parse((await holdCart(3, [slot('cut', '09:00', '10:00')])).body)
    const theirs = await initialize(4, { cartId: mine.cartId })
    expect(theirs.status).toBe(409)
    expect(JSON.stringify(theirs.body)).toContain('noHolds')
    // the owner pays it by its id
    expect((await initialize(3, { cartId: mine.cartId })).status).toBe(200)
  })

  it('a cart being paid that changes is open again, and the new initialize pays what it holds now', async () => {
    const both = heldCart.parse(
      (await holdCart(5, [slot('cut', '12:00', '13:00'), slot('color', '13:00', '13:30')])).body,
    )
    const first = (await initialize(5, { cartId: both.cartId })).body as Init
    expect(first.prices.total.amount).toBe(both.order.total.amount)
    const fewer = await t.call('/api/appointments/cart', {
      method: 'PUT',
      company: FREE,
      bearer: customer(5),
      json: { shopId: 's1', cartId: both.cartId, slots: [slot('cut', '12:00', '13:00')] },
    })
    expect(fewer.status).toBe(200)
    const kept = heldCart.parse(fewer.body)
    expect(kept.cartId).toBe(both.cartId)
    expect(kept.order.appointments.map((a) => a.serviceId)).toEqual(['cut'])
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, both.cartId))
    expect(cart?.status).toBe('open')
    // a minute later: the newest payment of a cart is the one paid (payments are ordered by time)
    setClock(new Date(Date.parse(NOW) + 60_000).toISOString())
    const second = (await initialize(5, { cartId: both.cartId })).body as Init
    expect(second.prices.total.amount).toBe(kept.order.total.amount)
    expect((await pay(5, second)).body).toMatchObject({ status: 'succeeded' })
    const rows = await t.db.select().from(appointments).where(eq(appointments.cartId, both.cartId))
    expect(rows.map((r) => [r.serviceId, r.status]).sort()).toEqual([
      ['color', 'cancelled'],
      ['cut', 'confirmed'],
    ])
    // the first payment, for both slots, was cancelled by the second initialize
    const tried = await t.db.select().from(payments).where(eq(payments.cartId, both.cartId))
    expect(tried.map((p) => p.status).sort()).toEqual(['cancelled', 'pending'])
    setClock(NOW)
  })
})
