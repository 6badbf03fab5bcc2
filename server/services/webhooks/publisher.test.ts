import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { defineCall } from '#contract/call.ts'
import { publishEvent } from '#contract/publish-event.ts'
import { SIGNATURE_HEADER, verifyEvent } from '#contract/publish-signature.ts'
import { posts, webhookDeliveries } from '#server/db/schema/index.ts'
import { route } from '#server/http/route.ts'
import type { ApiApp } from '#server/http/types.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

const SECRET = 'test-publish-secret'

// A content write the way routes do it: the change and its outbox rows in one transaction.
const createPost = defineCall({
  method: 'POST',
  path: '/api/probe/posts',
  group: 'first',
  auth: 'none',
  body: z.object({ title: z.string(), fail: z.optional(z.boolean()) }),
  response: z.object({ id: z.string() }),
})

function probes(app: ApiApp): void {
  route(app, createPost, async ({ body, company, c }) => {
    const { db, publisher } = c.var.deps
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({ companyId: company.id, data: body })
        .returning({ id: posts.id })
      const postId = row?.id ?? ''
      await publisher.record(tx, {
        companyId: company.id,
        host: company.host,
        kind: 'posts',
        id: postId,
        action: 'create',
        languages: ['fr', 'en'],
      })
      if (body.fail) throw new Error('failure after the outbox write')
      return postId
    })
    publisher.notify()
    return { id }
  })
}

/** A free port now, for a receiver that will only start later. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

let t: TestApi
let port: number
let receiver: Server | undefined
const received: { body: string; signature: string | undefined }[] = []

beforeAll(async () => {
  port = await freePort()
  t = await startTestApi({
    extend: probes,
    config: { publishWebhookUrls: [`http://127.0.0.1:${port}/hook`], publishWebhookSecret: SECRET },
    webhooks: { baseDelayMs: 50, maxDelayMs: 200, pollMs: 200, timeoutMs: 2_000 },
  })
})
afterAll(async () => {
  await t.close()
  receiver?.close()
})

const readBody = async (req: IncomingMessage) => {
  let body = ''
  for await (const chunk of req) body += String(chunk)
  return body
}

describe('publish webhooks', () => {
  it('reach a receiver that was down when the change happened, signed', async () => {
    const created = await t.call('/api/probe/posts', {
      company: 'alpha-token',
      json: { title: 'Hi' },
    })
    expect(created.status).toBe(200)
    const { id } = created.body as { id: string }

    // The receiver is down: attempts fail and are retried with backoff.
    await until(() =>
      t.logs.some((line) => /webhook posts alpha\.localhost .* failed \(attempt 2\)/.test(line)),
    )

    // Up, but failing once: the retry is the same body under a new signature and id.
    receiver = createServer(async (req, res) => {
      received.push({
        body: await readBody(req),
        signature: req.headers[SIGNATURE_HEADER] as string,
      })
      res.writeHead(received.length === 1 ? 503 : 204).end()
    })
    await new Promise<void>((resolve) => receiver?.listen(port, '127.0.0.1', resolve))
    await until(() => received.length > 1)

    const [failed, event] = received
    const first = await verifyEvent(failed?.body ?? '', failed?.signature, SECRET)
    const verified = await verifyEvent(event?.body ?? '', event?.signature, SECRET)
    expect(first.ok && verified.ok && first.id !== verified.id).toBe(true)
    expect(event?.body).toBe(failed?.body)
    // the contract's event, what the sites side validates
    expect(publishEvent.parse(JSON.parse(event?.body ?? '{}'))).toMatchObject({
      host: 'alpha.localhost',
      kind: 'posts',
      id,
      action: 'create',
      languages: ['fr', 'en'],
    })
    await until(async () => {
      const [row] = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.entityId, id))
      return row?.deliveredAt instanceof Date
    })
    const [row] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.entityId, id))
    expect(row?.attempts).toBeGreaterThanOrEqual(3)
    expect(row?.lastError).toBeNull()
  })

  it('records nothing when the change rolls back', async () => {
    const outbox = async () => (await t.db.select({ n: count() }).from(webhookDeliveries))[0]?.n
    const before = await outbox()
    const failed = await t.call('/api/probe/posts', {
      company: 'alpha-token',
      json: { title: 'Lost', fail: true },
    })
    expect(failed.status).toBe(500)
    expect(await outbox()).toBe(before)
  })
})
