import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookDeliveries } from '#server/db/schema/index.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'
import { type GithubDispatch, githubDispatchFrom } from './github-dispatch.ts'

/**
 * The relay against a local stand-in for GitHub's REST API that checks each request as
 * "Create a repository dispatch event" documents it, answering 204 (or a 5xx when told to).
 */
interface Received {
  readonly method: string | undefined
  readonly path: string | undefined
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

const TOKEN = 'github_pat_test_0123456789'
const WEBHOOKS = { baseDelayMs: 50, maxDelayMs: 200, pollMs: 200, timeoutMs: 60_000 }
const window = { start: '2026-01-01T00:00:00+01:00', end: '2026-02-01T00:00:00+01:00' }
const alert = { serviceId: 'a1', body: { fr: '<p>Nouveau</p>' }, ...window }

let github: Server
let dispatch: GithubDispatch
const received: Received[] = []
/** How the stand-in answers the next request. */
let answer: (request: Received) => Promise<number> = async () => 204

let pgliteDir: string
let t: TestApi
let restarted: TestApi | undefined

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

async function publishAlert(api: TestApi): Promise<string> {
  const provider = await bearer(api, 'alpha.localhost', 'provider')
  const created = await api.call('/api/alerts', {
    company: 'alpha-token',
    bearer: provider,
    json: alert,
  })
  expect(created.status).toBe(200)
  return (created.body as { id: string }).id
}

const payloadsFor = (id: string) =>
  received
    .map((request) => JSON.parse(request.body) as { client_payload: { id: string } })
    .filter((body) => body.client_payload.id === id)

beforeAll(async () => {
  github = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += String(chunk)
    const request = { method: req.method, path: req.url, headers: req.headers, body }
    received.push(request)
    const status = await answer(request)
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(status === 204 ? undefined : JSON.stringify({ message: 'Server Error' }))
  })
  await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve))
  const { port } = github.address() as AddressInfo
  const configured = githubDispatchFrom({
    GITHUB_REPOSITORY: 'acme/storefront',
    GITHUB_DISPATCH_TOKEN: TOKEN,
    GITHUB_API_URL: `http://127.0.0.1:${port}/`,
  })
  if (!configured) throw new Error('the relay should be configured')
  dispatch = configured
  // A PGlite directory (not memory) so that a second API can open the same outbox.
  pgliteDir = await mkdtemp(join(tmpdir(), 'relay-pglite-'))
  t = await startTestApi({ config: { githubDispatch: dispatch, pgliteDir }, webhooks: WEBHOOKS })
})

afterAll(async () => {
  await restarted?.close()
  await t?.close()
  github?.close()
  if (pgliteDir) await rm(pgliteDir, { recursive: true, force: true })
})

describe('the publish relay to GitHub (repository_dispatch)', () => {
  it('reads its settings from the environment, and needs a token and owner/repo', () => {
    expect(githubDispatchFrom({ GITHUB_REPOSITORY: 'acme/storefront' })).toBeUndefined()
    expect(
      githubDispatchFrom({ GITHUB_REPOSITORY: 'acme/storefront', GITHUB_DISPATCH_TOKEN: 'x' }),
    ).toEqual({ url: 'https://api.github.com/repos/acme/storefront/dispatches', token: 'x' })
    expect(() => githubDispatchFrom({ GITHUB_DISPATCH_TOKEN: 'x' })).toThrow(/owner\/repo/)
    expect(() =>
      githubDispatchFrom({ GITHUB_REPOSITORY: 'acme', GITHUB_DISPATCH_TOKEN: 'x' }),
    ).toThrow(/owner\/repo/)
  })

  it('sends the dispatch as GitHub documents it, after the write answered, again after a 5xx', async () => {
    let answered!: () => void
    const writeAnswered = new Promise<void>((resolve) => {
      answered = resolve
    })
    let heldUntilWriteAnswered = false
    let attempt = 0
    // The first attempt is held until the write has answered: a write that waited for GitHub
    // would never answer (the delivery timeout is a minute), and the test would fail.
    answer = async () => {
      attempt += 1
      if (attempt > 1) return 204
      const held = await Promise.race([
        writeAnswered.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
      ])
      heldUntilWriteAnswered = held
      return 502
    }
    const id = await publishAlert(t)
    answered()
    await until(() => payloadsFor(id).length >= 2)
    expect(heldUntilWriteAnswered).toBe(true)

    const attempts = received.filter((request) => request.body.includes(`"id":"${id}"`))
    expect(attempts).toHaveLength(2)
    for (const request of attempts) {
      expect(request.method).toBe('POST')
      expect(request.path).toBe('/repos/acme/storefront/dispatches')
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`)
      expect(request.headers.accept).toBe('application/vnd.github+json')
      expect(request.headers['x-github-api-version']).toBe('2022-11-28')
      expect(request.headers['content-type']).toBe('application/json')
      expect(request.headers['user-agent']).toBeTruthy()
      expect(request.headers['x-signature']).toBeUndefined()
      const body = JSON.parse(request.body) as Record<string, unknown>
      expect(Object.keys(body).sort()).toEqual(['client_payload', 'event_type'])
      expect(body).toMatchObject({
        event_type: 'publish',
        client_payload: { host: 'alpha.localhost', kind: 'alerts', id, action: 'create' },
      })
    }
    // The retry is the same event: the same bytes.
    expect(attempts[1]?.body).toBe(attempts[0]?.body)

    await until(async () => {
      const [row] = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.entityId, id))
      return row?.deliveredAt instanceof Date
    })
    const rows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.entityId, id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ url: dispatch.url, attempts: 2, lastError: null })
    // The token is configuration: no row holds it.
    expect(JSON.stringify(rows)).not.toContain(TOKEN)
  })

  it('is still sent after the API restarts while GitHub is down (the outbox is in the database)', async () => {
    answer = async () => 503
    const id = await publishAlert(t)
    await until(() => payloadsFor(id).length >= 1)
    await t.api.close()

    answer = async () => 204
    const before = payloadsFor(id).length
    const again = await startTestApi({
      config: { githubDispatch: dispatch, pgliteDir, databaseUrl: t.config.databaseUrl },
      webhooks: WEBHOOKS,
      seedFrom: false,
    })
    restarted = again
    await until(async () => {
      const [row] = await again.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.entityId, id))
      return row?.deliveredAt instanceof Date
    })
    expect(payloadsFor(id).length).toBeGreaterThan(before)
  })
})
