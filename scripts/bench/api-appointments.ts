import type { Db } from '#server/db/client.ts'
import { appointmentClaims, appointments } from '#server/db/schema/index.ts'
import { confirmedHour } from './seed-hour.ts'

/** The bench's existing appointments: 500 in the measured week, 1,500 in the weeks around. */
const IN_WINDOW = 500
const AROUND = 1_500
const DAYS = 7
const ZONE = 'Europe/Paris'
const SHOP = 'shop'
const SERVICE = 'svc'

/** A deterministic pseudo-random sequence, so every run books the same appointments. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    return state / 2 ** 32
  }
}

/**
 * Confirmed one-hour appointments between 09:00 and 19:00 local, never two on one employee or
 * cabin at once (the exclusion constraint would refuse them), inserted in batches.
 */
export async function seedAppointments(
  db: Db,
  companyId: number,
  from: string,
  employees: string[],
  cabins: string[],
) {
  const next = random(42)
  const taken = new Set<string>()
  const rows: (typeof appointments.$inferInsert)[] = []
  const claims: (typeof appointmentClaims.$inferInsert)[] = []
  const firstDay = Date.parse(`${from}T00:00:00Z`)
  while (rows.length < IN_WINDOW + AROUND) {
    const inWindow = rows.length < IN_WINDOW
    const offset = inWindow ? Math.floor(next() * DAYS) : Math.floor(next() * 70) - 28
    if (!inWindow && offset >= 0 && offset < DAYS) continue
    const employee = employees[Math.floor(next() * employees.length)] ?? 'e0'
    const hour = 9 + Math.floor(next() * 10)
    const key = `${offset}:${employee}:${hour}`
    if (taken.has(key)) continue
    taken.add(key)
    const day = new Date(firstDay + offset * 86_400_000).toISOString().slice(0, 10)
    // Summer time in Paris (the window is in June): local hour h is h - 2 UTC.
    const startsAt = new Date(`${day}T${String(hour - 2).padStart(2, '0')}:00:00Z`)
    const endsAt = new Date(startsAt.getTime() + 3_600_000)
    const id = `b${rows.length}`
    // One appointment in five used a cabin (other services need none): cabins stay bookable.
    const cabin =
      next() < 0.2 ? cabins.find((c) => !taken.has(`${offset}:${c}:${hour}`)) : undefined
    if (cabin) taken.add(`${offset}:${cabin}:${hour}`)
    const visit = confirmedHour({
      companyId,
      id,
      cartId: 'bench-cart',
      shopId: SHOP,
      serviceId: SERVICE,
      employeeId: employee,
      cabinId: cabin,
      date: day,
      hour,
      startsAt,
      endsAt,
      timeZone: ZONE,
      priceCents: 8000,
    })
    rows.push(visit.row)
    claims.push(...visit.claims)
  }
  for (let i = 0; i < rows.length; i += 500)
    await db.insert(appointments).values(rows.slice(i, i + 500))
  for (let i = 0; i < claims.length; i += 500)
    await db.insert(appointmentClaims).values(claims.slice(i, i + 500))
}
