import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '#server/db/client.ts'
import { freshDatabase } from '#server/test/harness.ts'
import { until } from '#server/test/instances.ts'
import { BUS_CHANNEL, type Bus, createPostgresBus, localBus, sharedForget } from './bus.ts'

/** Buses wired to each other in memory: what one publishes, the others hear. */
function linkedBuses(count: number): (Bus & { reset(): void })[] {
  const buses = Array.from({ length: count }, () => {
    const handlers = new Map<string, ((message: unknown) => void)[]>()
    const resets: (() => void)[] = []
    return {
      handlers,
      resets,
      bus: {
        ...localBus(),
        publish(topic: string, message: unknown) {
          const wire = JSON.parse(JSON.stringify(message)) as unknown
          for (const other of buses) {
            if (other.bus !== this) for (const h of other.handlers.get(topic) ?? []) h(wire)
          }
        },
        subscribe(topic: string, handler: (message: unknown) => void) {
          handlers.set(topic, [...(handlers.get(topic) ?? []), handler])
        },
        onReset(handler: () => void) {
          resets.push(handler)
        },
        reset: () => {
          for (const reset of resets) reset()
        },
      },
    }
  })
  return buses.map((entry) => entry.bus)
}

describe('sharedForget', () => {
  it('forgets here and on the other instances, with the same message; a reset forgets all', () => {
    const [one, two] = linkedBuses(2)
    if (!one || !two) throw new Error('two buses')
    const heard: [string, unknown][] = []
    const forgetOne = sharedForget<{ companyId?: number }>(one, 'cache', (m) =>
      heard.push(['one', m]),
    )
    sharedForget<{ companyId?: number }>(two, 'cache', (m) => heard.push(['two', m]))
    forgetOne({ companyId: 7 })
    expect(heard).toEqual([
      ['one', { companyId: 7 }],
      ['two', { companyId: 7 }],
    ])
    two.reset()
    expect(heard.at(-1)).toEqual(['two', undefined])
  })

  it('a message too large for one notification is widened', () => {
    const [one, two] = linkedBuses(2)
    if (!one || !two) throw new Error('two buses')
    const heard: unknown[] = []
    type Message = { companyId: number; days?: string[] }
    const forget = sharedForget<Message>(
      one,
      'cache',
      () => undefined,
      (m) => ({ companyId: m.companyId }),
    )
    sharedForget<Message>(two, 'cache', (m) => heard.push(m))
    forget({ companyId: 3, days: Array.from({ length: 2_000 }, () => '2027-04-28') })
    expect(heard).toEqual([{ companyId: 3 }])
  })
})

/** LISTEN/NOTIFY itself: PostgreSQL only (PGlite is one process, its bus does nothing). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL bus', () => {
  let drop: () => Promise<void> = async () => undefined
  let url = ''
  let database: Database
  let one: Bus
  let two: Bus
  const lines: string[] = []

  beforeAll(async () => {
    const fresh = await freshDatabase()
    drop = fresh.drop
    url = fresh.url ?? ''
    database = await createDatabase({ url })
    const options = { url, db: database.db, log: (line: string) => lines.push(line), retryMs: 20 }
    one = await createPostgresBus(options)
    two = await createPostgresBus(options)
  })
  afterAll(async () => {
    await one?.close()
    await two?.close()
    await database?.close()
    await drop()
  })

  it('carries a message to the other instance once it is sent, never back to its sender', async () => {
    const heardByOne: unknown[] = []
    const heardByTwo: unknown[] = []
    one.subscribe('t', (m) => heardByOne.push(m))
    two.subscribe('t', (m) => heardByTwo.push(m))
    one.publish('t', { companyId: 1, scope: { days: ['2027-04-28'] } })
    await one.settled()
    await until(() => heardByTwo.length === 1)
    expect(heardByTwo).toEqual([{ companyId: 1, scope: { days: ['2027-04-28'] } }])
    expect(heardByOne).toEqual([])
  })

  it('after losing its connection it forgets everything, then hears again', async () => {
    let resets = 0
    const heard: unknown[] = []
    two.onReset(() => {
      resets += 1
    })
    two.subscribe('u', (m) => heard.push(m))
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'storefront-bus' and datname = current_database()`,
    )
    await until(() => resets >= 1)
    expect(lines).toContain('bus: listening again, in-memory caches forgotten')
    // both buses reconnected; a message now reaches the other
    await until(async () => {
      one.publish('u', { n: heard.length })
      await one.settled()
      await new Promise((resolve) => setTimeout(resolve, 100))
      return heard.length > 0
    })
  })
})

/**
 * A company placed in another database (docs/decisions/086-database-routing.md): that database's
 * own triggers (sessions ended, agenda changes) speak on its channel, so the bus listens there too.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the bus over two databases', () => {
  const drops: (() => Promise<void>)[] = []
  let main: Database
  let placed: Database
  let bus: Bus
  const lines: string[] = []

  beforeAll(async () => {
    const [first, second] = await Promise.all([freshDatabase(), freshDatabase()])
    for (const fresh of [first, second]) drops.push(fresh.drop)
    main = await createDatabase({ url: first.url ?? '' })
    placed = await createDatabase({ url: second.url ?? '' })
    bus = await createPostgresBus({
      url: first.url ?? '',
      alsoListen: [second.url ?? ''],
      db: main.db,
      log: (line) => lines.push(line),
      retryMs: 20,
    })
  })
  afterAll(async () => {
    await bus?.close()
    await Promise.all([main?.close(), placed?.close()])
    await Promise.all(drops.map((drop) => drop()))
  })

  const notice = (message: unknown) =>
    JSON.stringify({ from: 'database', topic: 'sessions', message })

  it("hears the placed database's own notices, as the main one's", async () => {
    const heard: unknown[] = []
    bus.subscribe('sessions', (m) => heard.push(m))
    await placed.db.execute(
      sql`select pg_notify(${BUS_CHANNEL}, ${notice({ companyId: 7, accountId: 'a' })})`,
    )
    await main.db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${notice({ companyId: 1 })})`)
    await until(() => heard.length === 2)
    expect(heard).toEqual(
      expect.arrayContaining([{ companyId: 7, accountId: 'a' }, { companyId: 1 }]),
    )
  })

  it("forgets everything when the placed database's connection is lost, then hears it again", async () => {
    let resets = 0
    const heard: unknown[] = []
    bus.onReset(() => {
      resets += 1
    })
    bus.subscribe('sessions', (m) => heard.push(m))
    await placed.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'storefront-bus' and datname = current_database()`,
    )
    await until(() => resets >= 1)
    await until(async () => {
      await placed.db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${notice({ companyId: 9 })})`)
      await new Promise((resolve) => setTimeout(resolve, 100))
      return heard.some((m) => JSON.stringify(m) === '{"companyId":9}')
    })
  })
})
