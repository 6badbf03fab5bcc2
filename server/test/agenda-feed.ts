import { type AgendaFeedEvent, agendaFeedEvent } from '#contract/agenda-feed.ts'
import { eventStreamParser } from '#domain/studio/event-stream.ts'

/** A studio's live agenda stream as a test reads it (docs/decisions/075-studio-live-agenda.md). */
export interface OpenFeed {
  readonly status: number
  readonly contentType: string | null
  /** Every event received so far, checked against the contract. */
  readonly events: AgendaFeedEvent[]
  /** Resolves with the first event (received or to come) that `match` accepts; throws after `ms`. */
  next(match: (event: AgendaFeedEvent) => boolean, ms?: number): Promise<AgendaFeedEvent>
  /** Resolves once the server ended the stream. */
  readonly ended: Promise<void>
  close(): void
}

export async function openFeed(
  url: string,
  { company, bearer, shopId }: { company: string; bearer?: string; shopId: string },
): Promise<OpenFeed> {
  const abort = new AbortController()
  const headers: Record<string, string> = { company, accept: 'text/event-stream' }
  if (bearer) headers.authorization = `Bearer ${bearer}`
  const response = await fetch(`${url}/api/agenda/feed?shopId=${encodeURIComponent(shopId)}`, {
    headers,
    signal: abort.signal,
  })
  const events: AgendaFeedEvent[] = []
  const waiters: (() => void)[] = []
  const parse = eventStreamParser()
  const ended = (async () => {
    if (!response.body || response.status !== 200) return
    const decoder = new TextDecoder()
    try {
      for await (const chunk of response.body) {
        for (const frame of parse(decoder.decode(chunk, { stream: true }))) {
          events.push(agendaFeedEvent.parse(JSON.parse(frame.data)))
          for (const wake of waiters.splice(0)) wake()
        }
      }
    } catch {
      // aborted by close()
    }
  })()
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    ended,
    async next(match, ms = 5_000) {
      const deadline = Date.now() + ms
      for (;;) {
        const found = events.find(match)
        if (found) return found
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no such event in ${ms} ms: ${JSON.stringify(events)}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, left)
        })
      }
    },
    close: () => abort.abort(),
  }
}
