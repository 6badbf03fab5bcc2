import { zonedMinutesToUtc } from '#domain/slots/zoned-time.ts'
import type {
  appointmentClaims,
  appointments,
  bookingOrderHistory,
  bookingOrders,
  carts,
} from '#server/db/schema/index.ts'
import { confirmedHour } from './seed-hour.ts'

/**
 * The marketplace of `npm run bench:availability`: one company with `shops` shops, each with
 * 8 services (30 to 120 minutes, two of them needing a cabin), 6 employees and 2 cabins, open
 * 09:00-19:00 Monday to Saturday (Europe/Paris); `appointments` confirmed one-hour appointments
 * over the `weeks` weeks measured, spread evenly over shops and open days; `customers` customer
 * accounts with a bearer each. Plain data and pure functions: availability-data.ts writes it.
 */
export interface MarketSize {
  readonly shops: number
  readonly weeks: number
  readonly appointments: number
  readonly customers: number
}

export const FULL_SIZE: MarketSize = {
  shops: 100,
  weeks: 8,
  appointments: 96_000,
  customers: 3_000,
}
export const SMALL_SIZE: MarketSize = { shops: 10, weeks: 2, appointments: 2_400, customers: 200 }

export const MARKET_TOKEN = 'market-token'
export const ZONE = 'Europe/Paris'
export const EMPLOYEES = 6
export const CABINS = 2
export const DURATIONS = [30, 45, 60, 60, 90, 30, 60, 120] as const
export const CABIN_SERVICES = new Set([2, 5])
const OPEN_HOURS = 10
const PRICE_CENTS = 5000
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']

/** What the load loop needs to ask realistic questions (plain data: it crosses to a worker). */
export interface Market {
  readonly token: string
  readonly shops: { readonly id: string; readonly services: { id: string; duration: number }[] }[]
  /** Mondays 'YYYY-MM-DD' of the weeks seeded */
  readonly weeks: string[]
  readonly bearers: string[]
  /** seeded appointments a refused hold aims at: [shop index, date, hour, employee id] */
  readonly taken: [number, string, number, string][]
}

export const shopId = (s: number) => `s${s}`
export const serviceId = (s: number, k: number) => `s${s}v${k}`
export const employeeId = (s: number, e: number) => `s${s}e${e}`
export const cabinId = (s: number, c: number) => `s${s}c${c}`
export const dateAt = (monday: string, offset: number) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)

/** The Monday after `today` (so every seeded slot is in the future of the real clock). */
export function nextMonday(today: Date): string {
  const day = today.getUTCDay()
  const ahead = ((8 - day) % 7) + (day === 1 ? 7 : 0)
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ahead))
    .toISOString()
    .slice(0, 10)
}

/** A deterministic pseudo-random sequence: every run seeds the same calendar. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    return state / 2 ** 32
  }
}

/** Confirmed one-hour appointments, never two on one employee or cabin at once. */
export function calendar(companyId: number, size: MarketSize, firstMonday: string) {
  const next = random(42)
  const openDays = size.weeks * DAYS.length
  const perDay = Math.ceil(size.appointments / (size.shops * openDays))
  const rows: (typeof appointments.$inferInsert)[] = []
  const claims: (typeof appointmentClaims.$inferInsert)[] = []
  const taken: Market['taken'] = []
  // one paid cart per shop and day: many carts, as in life (a single cart of 96,000
  // appointments would mislead the planner about a cart's size)
  const paid: (typeof carts.$inferInsert)[] = []
  // and its booking order, confirmed, as every paid cart has: a seed without orders left
  // booking_orders empty when analysed, so the first run's holds searched it row by row
  const orders: (typeof bookingOrders.$inferInsert)[] = []
  const history: (typeof bookingOrderHistory.$inferInsert)[] = []
  for (let s = 0; s < size.shops && rows.length < size.appointments; s++) {
    for (let d = 0; d < openDays && rows.length < size.appointments; d++) {
      const date = dateAt(firstMonday, Math.floor(d / 6) * 7 + (d % 6))
      const cartId = `k${s}-${d}`
      paid.push({ companyId, id: cartId, shopId: shopId(s), purpose: 'booking', status: 'paid' })
      const firstRow = rows.length
      const used = new Set<string>()
      for (let n = 0; n < perDay && rows.length < size.appointments; n++) {
        let e = 0
        let hour = 0
        do {
          e = Math.floor(next() * EMPLOYEES)
          hour = 9 + Math.floor(next() * OPEN_HOURS)
        } while (used.has(`e${e}:${hour}`))
        used.add(`e${e}:${hour}`)
        const cabin = n % 5 === 0 && !used.has(`c${n % CABINS}:${hour}`) ? n % CABINS : undefined
        if (cabin !== undefined) used.add(`c${cabin}:${hour}`)
        const startsAt = zonedMinutesToUtc(date, hour * 60, ZONE)
        const endsAt = zonedMinutesToUtc(date, hour * 60 + 60, ZONE)
        const id = `b${rows.length}`
        if (n === 0 && d % 3 === 0) taken.push([s, date, hour, employeeId(s, e)])
        const visit = confirmedHour({
          companyId,
          id,
          cartId,
          shopId: shopId(s),
          serviceId: serviceId(s, 2),
          employeeId: employeeId(s, e),
          cabinId: cabin === undefined ? undefined : cabinId(s, cabin),
          date,
          hour,
          startsAt,
          endsAt,
          timeZone: ZONE,
          priceCents: PRICE_CENTS,
        })
        rows.push({ ...visit.row, bookingOrderId: cartId })
        claims.push(...visit.claims)
      }
      const cents = (rows.length - firstRow) * PRICE_CENTS
      const status = 'confirmed' as const
      const order = { companyId, id: cartId, cartId, shopId: shopId(s), status }
      orders.push({ ...order, ideorder: `M-${cartId}`, totalCents: cents, paidCents: cents })
      history.push({ companyId, bookingOrderId: cartId, status, by: 'system' })
    }
  }
  return { carts: paid, orders, history, rows, claims, taken }
}
