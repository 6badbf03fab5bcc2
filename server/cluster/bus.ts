import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { listener } from './bus-listener.ts'

/**
 * Tells the other API instances on the same PostgreSQL that something they may hold in memory
 * changed (docs/decisions/036-several-api-instances.md). A message is a topic and a JSON value;
 * what it means is the subscriber's business.
 */
export interface Bus {
  /** Sends to every other instance (an instance never hears its own messages). */
  publish(topic: string, message: unknown): void
  subscribe(topic: string, handler: (message: unknown) => void): void
  /** Runs when messages may have been missed (the listening connection was lost): forget all. */
  onReset(handler: () => void): void
  /** Resolves once every message published so far has left (a write answers after that). */
  settled(): Promise<void>
  close(): Promise<void>
}

/** One process only (PGlite, tests without PostgreSQL): nobody else to tell. */
export function localBus(): Bus {
  return {
    publish: () => undefined,
    subscribe: () => undefined,
    onReset: () => undefined,
    settled: () => Promise.resolve(),
    close: () => Promise.resolve(),
  }
}

/**
 * PGlite (one process): nobody else to tell, but the database itself still speaks on the bus
 * channel (its triggers: sessions ended, agenda changes), heard on its one connection.
 */
export async function pgliteBus(
  listen: (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>,
): Promise<Bus> {
  const handlers = new Map<string, ((message: unknown) => void)[]>()
  const unlisten = await listen(BUS_CHANNEL, (payload) => {
    const envelope = parseEnvelope(payload)
    if (!envelope) return
    for (const handler of handlers.get(envelope.topic) ?? []) handler(envelope.message)
  })
  return {
    publish: () => undefined,
    subscribe(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler])
    },
    onReset: () => undefined,
    settled: () => Promise.resolve(),
    close: () => unlisten(),
  }
}

function parseEnvelope(payload: string | undefined): Envelope | undefined {
  try {
    const envelope = JSON.parse(payload ?? '') as Partial<Envelope> | null
    return typeof envelope?.topic === 'string' && typeof envelope.from === 'string'
      ? (envelope as Envelope)
      : undefined
  } catch {
    return undefined
  }
}

/** Also named by the database's own notices (migration 0014_tokens_gone_notice.sql, from "database"). */
export const BUS_CHANNEL = 'storefront_invalidate'
/** PostgreSQL refuses payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7_900

interface Envelope {
  readonly from: string
  readonly topic: string
  readonly message: unknown
}

export interface PostgresBusOptions {
  /** The connection string: the bus LISTENs on a connection of its own, outside the pool. */
  readonly url: string
  /**
   * The databases of DATABASE_URLS (docs/decisions/086-database-routing.md): the bus listens on
   * each too, since their own triggers speak there (a placed company's sessions ended, its agenda
   * changed). Instances still publish through `db` (main), where every instance listens.
   */
  readonly alsoListen?: readonly string[]
  /** Publishes go through the pool (a pg_notify is a one-statement transaction). */
  readonly db: Db
  readonly log: (line: string) => void
  /** First delay before reconnecting; doubles up to 5 s. */
  readonly retryMs?: number
}

/**
 * LISTEN/NOTIFY: resolves once listening on every database, so an instance never serves before
 * it can hear. When a listening connection drops, notifications sent meanwhile are lost: on
 * reconnecting every reset handler runs (the caches forget everything), then listening resumes.
 */
export async function createPostgresBus(options: PostgresBusOptions): Promise<Bus> {
  const { db, log } = options
  const instance = randomUUID()
  const handlers = new Map<string, ((message: unknown) => void)[]>()
  const resets: (() => void)[] = []
  let pending: Promise<unknown> = Promise.resolve()
  const state = { closed: false }

  const deliver = (payload: string | undefined) => {
    const envelope = parseEnvelope(payload)
    if (!envelope || envelope.from === instance) return
    for (const handler of handlers.get(envelope.topic) ?? []) handler(envelope.message)
  }
  const forgetAll = () => {
    for (const reset of resets) reset()
  }
  const listeners = [options.url, ...(options.alsoListen ?? [])].map((url) =>
    listener({
      url,
      channel: BUS_CHANNEL,
      deliver,
      forgetAll,
      log,
      state,
      retryMs: options.retryMs ?? 100,
    }),
  )
  try {
    await Promise.all(listeners.map((each) => each.start()))
  } catch (error) {
    state.closed = true
    await Promise.all(listeners.map((each) => each.stop()))
    throw error
  }
  return {
    publish(topic, message) {
      const payload = JSON.stringify({ from: instance, topic, message } satisfies Envelope)
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        throw new Error(`bus: a ${topic} message over ${MAX_PAYLOAD_BYTES} bytes`)
      }
      const sent = db
        .execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`)
        .catch((error: unknown) => log(`bus: publish ${topic} failed: ${String(error)}`))
      pending = Promise.all([pending, sent])
    },
    subscribe(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler])
    },
    onReset(handler) {
      resets.push(handler)
    },
    settled: () => pending.then(() => undefined),
    async close() {
      state.closed = true
      await pending
      await Promise.all(listeners.map((each) => each.stop()))
    },
  }
}

/**
 * A cache's forget function shared over the bus: calling the answer forgets `message` here at
 * once and tells the other instances, which forget the same; `undefined` (a lost connection)
 * means everything. A message too large for one notification is sent as `widen` makes it.
 */
export function sharedForget<M>(
  bus: Bus,
  topic: string,
  forget: (message: M | undefined) => void,
  widen: (message: M) => M | undefined = () => undefined,
): (message: M) => void {
  bus.subscribe(topic, (message) => forget((message ?? undefined) as M | undefined))
  bus.onReset(() => forget(undefined))
  return (message) => {
    forget(message)
    const fits = Buffer.byteLength(JSON.stringify(message)) < MAX_PAYLOAD_BYTES - 200
    bus.publish(topic, fits ? message : (widen(message) ?? null))
  }
}
