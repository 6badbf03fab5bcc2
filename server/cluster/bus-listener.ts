import pg from 'pg'

/**
 * One database's listening connection of the bus (server/cluster/bus.ts), reconnected with
 * backoff when lost; the bus holds one per database it hears.
 */
export interface ListenerOptions {
  readonly url: string
  readonly channel: string
  readonly deliver: (payload: string | undefined) => void
  /** Runs when this connection listens again after a loss: what was sent meanwhile is unknown. */
  readonly forgetAll: () => void
  readonly log: (line: string) => void
  readonly state: { readonly closed: boolean }
  readonly retryMs: number
}

/** One database's listening connection, reconnected with backoff when lost. */
export function listener(options: ListenerOptions) {
  const { url, channel, deliver, forgetAll, log, state } = options
  let client: pg.Client | undefined
  let retryMs = options.retryMs

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: 'storefront-bus' })
    next.on('notification', (notice) => deliver(notice.payload))
    next.on('error', () => lost(next))
    next.on('end', () => lost(next))
    await next.connect()
    await next.query(`listen ${channel}`)
    client = next
  }

  function lost(which: pg.Client): void {
    if (state.closed || client !== which) return
    client = undefined
    which.end().catch(() => undefined)
    log('bus: listening connection lost, reconnecting')
    reconnect()
  }

  function reconnect(): void {
    setTimeout(() => {
      if (state.closed) return
      listen().then(
        () => {
          retryMs = options.retryMs
          // whatever was published while deaf is unknown: forget everything
          forgetAll()
          log('bus: listening again, in-memory caches forgotten')
        },
        () => {
          retryMs = Math.min(retryMs * 2, 5_000)
          reconnect()
        },
      )
    }, retryMs).unref()
  }

  return {
    start: listen,
    async stop() {
      await client?.end().catch(() => undefined)
    },
  }
}
