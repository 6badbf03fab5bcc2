import { Agent, request } from 'node:http'

/**
 * Calls for parallel bursts from many client addresses (docs/decisions/061-sign-in-budget.md):
 * each names its address in X-Forwarded-For, which the test API believes from loopback, as
 * `npm start` does (decision 014). They go through 100 sockets at a time: 1,000 connections at
 * once overflow the listen backlog (resets), and the point is calls in flight together, not
 * handshakes. No keep-alive: a socket the server closed while idle would be reused and reset.
 * On a loaded machine a few sockets of a 1,000-call burst are still reset by the peer before
 * any answer (seen 37 of 1,000 at load 20 on 2 cores): such a call is sent again, at most
 * twice, and counted in `resets()`. The limits under test count what the server evaluated, in
 * the database, so a call sent again cannot make them look tighter than they are.
 */
export interface BurstAnswer {
  readonly status: number
  readonly body: Record<string, unknown>
}

export interface BurstClient {
  call(
    path: string,
    options: { company: string; address: string; json?: unknown },
  ): Promise<BurstAnswer>
  close(): void
  /** calls sent again after a reset */
  resets(): number
}

type Options = Parameters<BurstClient['call']>[1]

export function burstClient(baseUrl: string): BurstClient {
  const agent = new Agent({ keepAlive: false, maxSockets: 100 })
  let resets = 0
  const once = (path: string, { company, address, json }: Options) =>
    new Promise<BurstAnswer>((resolve, reject) => {
      const body = json === undefined ? undefined : JSON.stringify(json)
      const headers: Record<string, string | number> = { company, 'x-forwarded-for': address }
      if (body !== undefined) {
        headers['content-type'] = 'application/json'
        headers['content-length'] = Buffer.byteLength(body)
      }
      const method = body === undefined ? 'GET' : 'POST'
      const sent = request(`${baseUrl}${path}`, { method, agent, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({
            status: response.statusCode ?? 0,
            body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
          })
        })
      })
      sent.on('error', reject)
      sent.end(body)
    })
  const call = async (path: string, options: Options, tries = 3): Promise<BurstAnswer> => {
    try {
      return await once(path, options)
    } catch (error) {
      const reset = (error as { code?: string }).code === 'ECONNRESET'
      if (!reset || tries <= 1) throw error
      resets += 1
      return call(path, options, tries - 1)
    }
  }
  return { call, close: () => agent.destroy(), resets: () => resets }
}

/** How many answers of each `status:reason` a burst got (reason: errType, type, or `what`). */
export function tally(
  answers: readonly BurstAnswer[],
  what: (body: Record<string, unknown>) => string,
): Record<string, number> {
  const by: Record<string, number> = {}
  for (const { status, body } of answers) {
    const reason = body.errType ?? body.type ?? what(body)
    const key = `${status}:${String(reason)}`
    by[key] = (by[key] ?? 0) + 1
  }
  return by
}
