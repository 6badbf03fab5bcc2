import { type AgendaFeedEvent, agendaFeedEvent } from '#contract/agenda-feed'
import { AGENDA_FEED_HEARTBEAT_SECONDS } from '#contract/constants'
import { eventStreamParser } from '#domain/studio/event-stream'

/**
 * The studio's side of the live agenda (docs/decisions/075-studio-live-agenda.md): one stream per
 * shown shop, read from a fetched body (the bearer goes in a header), reopened after any drop
 * with a growing delay. Each event only marks queries stale; TanStack Query reads them again.
 * The effects (fetch, timers) come in as arguments, so this runs in Node's tests.
 */
export type FeedStatus = 'connecting' | 'live' | 'retrying'

/** 1 s, 2 s, 4 s… up to 15 s before the next attempt, less up to a fifth so tabs spread out. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(1_000 * 2 ** attempt, 15_000)
  return Math.round(base * (1 - random() * 0.2))
}

/**
 * The agenda's queries an event makes stale: the orders of its shop, ['studio', 'orders', shopId,
 * from, to], for the days it names (all of them when it names none), and the consent states of
 * those days, ['studio', 'consents', 'day', day]: a signed form changes no order nor appointment,
 * so its event names the order alone (migration 0024, docs/decisions/080-consent-record.md).
 */
export function staleQueries(event: AgendaFeedEvent): (key: readonly unknown[]) => boolean {
  const anyDay = event.type !== 'changed' || event.days.length === 0
  const named = (day: unknown) =>
    anyDay || (typeof day === 'string' && event.type === 'changed' && event.days.includes(day))
  return (key) => {
    const [root, kind, shopId, from, to] = key
    if (root !== 'studio') return false
    // ['studio', 'consents', 'day', day]: a shop's agenda shows one day's consent states
    if (kind === 'consents') return key[2] === 'day' && named(key[3])
    if (kind !== 'orders' || shopId !== event.shopId) return false
    if (anyDay || typeof from !== 'string' || typeof to !== 'string') return true
    return event.type === 'changed' && event.days.some((day) => from <= day && day <= to)
  }
}

export interface FeedEffects {
  /** Opens the stream of a shop (the answer's body is read here). */
  readonly open: (shopId: string, signal: AbortSignal) => Promise<Response>
  readonly onEvent: (event: AgendaFeedEvent) => void
  readonly onStatus: (status: FeedStatus) => void
  /** The stream was refused as signed out: the session check decides what follows. */
  readonly onSignedOut: () => void
  readonly wait: (ms: number, signal: AbortSignal) => Promise<void>
  /** A silent stream is given up after this long (default: two heartbeats and a half). */
  readonly silenceMs?: number
}

/** Reads one opened stream to its end; true when it was live (its `ready` came). */
async function readStream(
  response: Response,
  effects: FeedEffects,
  signal: AbortSignal,
): Promise<boolean> {
  const body = response.body
  if (!body) return false
  const reader = body.getReader()
  const parse = eventStreamParser()
  const decoder = new TextDecoder()
  const silenceMs = effects.silenceMs ?? AGENDA_FEED_HEARTBEAT_SECONDS * 2500
  let live = false
  let watchdog: ReturnType<typeof setTimeout> | undefined
  const watch = () => {
    clearTimeout(watchdog)
    watchdog = setTimeout(() => void reader.cancel().catch(() => undefined), silenceMs)
  }
  const stop = () => void reader.cancel().catch(() => undefined)
  signal.addEventListener('abort', stop)
  try {
    watch()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return live
      watch()
      for (const frame of parse(decoder.decode(value, { stream: true }))) {
        const event = agendaFeedEvent.safeParse(safeJson(frame.data))
        if (!event.success) continue
        if (event.data.type === 'ready') {
          live = true
          effects.onStatus('live')
        }
        effects.onEvent(event.data)
      }
    }
  } catch {
    return live
  } finally {
    clearTimeout(watchdog)
    signal.removeEventListener('abort', stop)
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Keeps a shop's stream open until `signal` aborts: reopens after a drop, a refusal or a silence. */
export async function runFeed(shopId: string, signal: AbortSignal, effects: FeedEffects) {
  let attempt = 0
  effects.onStatus('connecting')
  while (!signal.aborted) {
    let live = false
    try {
      const response = await effects.open(shopId, signal)
      if (response.status === 401) {
        effects.onSignedOut()
        return
      }
      if (response.ok) live = await readStream(response, effects, signal)
      else await response.body?.cancel().catch(() => undefined)
    } catch {
      // no answer: retried below
    }
    if (signal.aborted) return
    // about a second after a live stream's end, then 2, 4… seconds after each failure in a row
    attempt = live ? 0 : attempt + 1
    effects.onStatus('retrying')
    await effects.wait(retryDelay(attempt), signal)
  }
}
