import type { AgendaFeedEvent } from '#contract/agenda-feed.ts'
import { AGENDA_FEED_HEARTBEAT_SECONDS, AGENDA_FEED_MAX_SECONDS } from '#contract/constants.ts'
import type { Bus } from './bus.ts'

/**
 * The studio's live agenda on one instance (docs/decisions/075-studio-live-agenda.md): the
 * database announces every change of a booked appointment or a booking order on the bus (topic
 * `agenda`, migration 0019_agenda_notice.sql), and each open stream of that company and shop
 * gets an event naming what changed. The only memory is the list of open streams: an event
 * missed by a stream (closed, or the bus deaf a moment) is covered by the `ready` or `reset`
 * that makes the studio read the agenda again.
 */
export interface AgendaFeedScope {
  readonly companyId: number
  readonly shopId: string
  /** the company user's account: their streams end when their sessions do */
  readonly accountId: string
}

export interface AgendaFeed {
  /** A stream of server-sent events for one shop, ended by the client, the server or a sign-out. */
  open(scope: AgendaFeedScope): ReadableStream<Uint8Array>
  /** How many streams are open (tests, logs). */
  size(): number
  /** Ends every stream (the instance is stopping). */
  close(): void
}

export interface AgendaFeedOptions {
  readonly heartbeatMs?: number
  readonly maxMs?: number
  /** Notices arriving this close together go out as one event per stream. */
  readonly batchMs?: number
}

interface Notice {
  readonly companyId: number
  readonly shopId: string
  readonly order: string
  readonly day?: string | undefined
}

interface Stream extends AgendaFeedScope {
  send(event: AgendaFeedEvent): void
  end(): void
}

const encoder = new TextEncoder()
const frame = (event: AgendaFeedEvent) =>
  encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)

function readNotice(message: unknown): Notice | undefined {
  const m = message as Partial<Record<keyof Notice, unknown>> | null
  if (typeof m?.companyId !== 'number' || typeof m.shopId !== 'string') return undefined
  if (typeof m.order !== 'string') return undefined
  const day = typeof m.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(m.day) ? m.day : undefined
  return { companyId: m.companyId, shopId: m.shopId, order: m.order, day }
}

export function createAgendaFeed(bus: Bus, options: AgendaFeedOptions = {}): AgendaFeed {
  const heartbeatMs = options.heartbeatMs ?? AGENDA_FEED_HEARTBEAT_SECONDS * 1000
  const maxMs = options.maxMs ?? AGENDA_FEED_MAX_SECONDS * 1000
  const batchMs = options.batchMs ?? 50
  const streams = new Set<Stream>()
  /** per "company shop": the days and orders heard since the last flush */
  let pending = new Map<
    string,
    { companyId: number; shopId: string; days: Set<string>; orders: Set<string> }
  >()
  let flushTimer: ReturnType<typeof setTimeout> | undefined

  const flush = () => {
    flushTimer = undefined
    const batch = pending
    pending = new Map()
    for (const change of batch.values()) {
      const event: AgendaFeedEvent = {
        type: 'changed',
        shopId: change.shopId,
        days: [...change.days].sort(),
        orders: [...change.orders].sort(),
      }
      for (const stream of streams) {
        if (stream.companyId === change.companyId && stream.shopId === change.shopId) {
          stream.send(event)
        }
      }
    }
  }

  bus.subscribe('agenda', (message) => {
    const notice = readNotice(message)
    if (!notice) return
    const key = `${notice.companyId} ${notice.shopId}`
    const change = pending.get(key) ?? {
      companyId: notice.companyId,
      shopId: notice.shopId,
      days: new Set<string>(),
      orders: new Set<string>(),
    }
    change.orders.add(notice.order)
    if (notice.day) change.days.add(notice.day)
    pending.set(key, change)
    flushTimer ??= setTimeout(flush, batchMs)
  })
  // a session ended (sign-out, password change, deleted tokens): that account's streams end
  bus.subscribe('sessions', (message) => {
    const scope = message as { companyId?: unknown; accountId?: unknown } | null
    for (const stream of streams) {
      const company = typeof scope?.companyId !== 'number' || scope.companyId === stream.companyId
      const account = typeof scope?.accountId !== 'string' || scope.accountId === stream.accountId
      if (company && account) stream.end()
    }
  })
  bus.onReset(() => {
    for (const stream of streams) stream.send({ type: 'reset', shopId: stream.shopId })
  })

  return {
    open(scope) {
      let stream: Stream | undefined
      let timers: ReturnType<typeof setTimeout>[] = []
      const stop = () => {
        if (stream) streams.delete(stream)
        for (const timer of timers) clearTimeout(timer)
        timers = []
      }
      return new ReadableStream<Uint8Array>({
        start(controller) {
          let open = true
          const write = (bytes: Uint8Array) => {
            if (!open) return
            try {
              controller.enqueue(bytes)
            } catch {
              end()
            }
          }
          const end = () => {
            if (!open) return
            open = false
            stop()
            try {
              controller.close()
            } catch {
              // already closed by the client
            }
          }
          stream = { ...scope, send: (event) => write(frame(event)), end }
          streams.add(stream)
          // a reconnection delay for EventSource clients, then the first event
          write(encoder.encode('retry: 1000\n\n'))
          stream.send({ type: 'ready', shopId: scope.shopId })
          const beat = setInterval(() => write(encoder.encode(': alive\n\n')), heartbeatMs)
          beat.unref()
          const lifetime = setTimeout(end, maxMs)
          lifetime.unref()
          timers = [beat, lifetime]
        },
        cancel() {
          stop()
        },
      })
    },
    size: () => streams.size,
    close() {
      if (flushTimer) clearTimeout(flushTimer)
      for (const stream of [...streams]) stream.end()
    },
  }
}
