import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { defineCall } from '#contract/call.ts'
import { accounts, companies, posts } from '#server/db/schema/index.ts'
import { notFound } from '#server/kernel/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { clientAddress } from './client-address.ts'
import { route } from './route.ts'
import type { ApiApp } from './types.ts'

// Probe calls exercising the route helper through the real HTTP server and database.
const createNote = defineCall({
  method: 'POST',
  path: '/api/probe/notes',
  group: 'first',
  auth: 'none',
  body: z.object({ id: z.optional(z.string()), title: z.string().check(z.minLength(1)) }),
  response: z.object({ id: z.string() }),
})
const getNote = defineCall({
  method: 'GET',
  path: '/api/probe/notes/:id',
  group: 'marketplace',
  auth: 'none',
  params: z.object({ id: z.string() }),
  query: z.object({ upper: z.optional(z.enum(['1'])) }),
  response: z.object({ id: z.string(), title: z.string() }),
})
const whoAmI = defineCall({
  method: 'GET',
  path: '/api/probe/me',
  group: 'first',
  auth: 'customer',
  response: z.object({ id: z.string(), kind: z.string() }),
})
const address = defineCall({
  method: 'GET',
  path: '/api/probe/address',
  group: 'first',
  auth: 'none',
  response: z.object({ address: z.string() }),
})
const broken = defineCall({
  method: 'GET',
  path: '/api/probe/broken',
  group: 'first',
  auth: 'none',
  response: z.object({ n: z.number() }),
})

function probes(app: ApiApp): void {
  route(app, createNote, async ({ body, company, c }) => {
    const [row] = await c.var.deps.db
      .insert(posts)
      .values({ companyId: company.id, ...(body.id ? { id: body.id } : {}), data: body })
      .returning({ id: posts.id })
    return { id: row?.id ?? '' }
  })
  route(app, getNote, async ({ params, query, company, c }) => {
    const [row] = await c.var.deps.db
      .select()
      .from(posts)
      .where(and(eq(posts.companyId, company.id), eq(posts.id, params.id)))
    if (!row) throw notFound('No such note.')
    const title = String(row.data.title)
    return { id: row.id, title: query.upper ? title.toUpperCase() : title }
  })
  route(app, whoAmI, async ({ subject }) => ({ id: subject.id, kind: subject.kind }))
  route(app, address, async ({ c }) => ({ address: clientAddress(c) }))
  // @ts-expect-error the reply breaks the contract on purpose
  route(app, broken, async () => ({ n: 'not a number' }))
}

let t: TestApi
const countPosts = async () => (await t.db.select({ n: count() }).from(posts))[0]?.n
const companyId = async (token: string) =>
  (await t.db.select().from(companies).where(eq(companies.token, token)))[0]?.id ?? -1

beforeAll(async () => {
  t = await startTestApi({ extend: probes })
})
afterAll(() => t.close())

describe('route: input validation and normalised errors', () => {
  it('answers 400 invalidJson to malformed JSON and writes nothing', async () => {
    const before = await countPosts()
    const res = await t.call('/api/probe/notes', { company: 'alpha-token', raw: '{"title": ' })
    expect(res).toEqual({
      status: 400,
      body: { code: 400, message: 'Malformed JSON body.', type: 'invalidJson' },
    })
    expect(await countPosts()).toBe(before)
    expect(t.logs).toContainEqual(expect.stringMatching(/^POST \/api\/probe\/notes 400 \d+ms$/))
  })

  it('answers 400 invalidInput with the issues summarised, and writes nothing', async () => {
    const before = await countPosts()
    const res = await t.call('/api/probe/notes', { company: 'alpha-token', json: { title: 42 } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 400, type: 'invalidInput' })
    expect((res.body as { message: string }).message).toMatch(/body\.title/)
    expect(await countPosts()).toBe(before)
  })

  it('requires the company header (400) and refuses an unknown company (404)', async () => {
    const missing = await t.call('/api/probe/notes', { json: { title: 'x' } })
    expect(missing).toMatchObject({ status: 400, body: { code: 400, type: 'companyRequired' } })
    const unknown = await t.call('/api/probe/notes', { company: 'nope', json: { title: 'x' } })
    expect(unknown).toMatchObject({ status: 404, body: { code: 404, type: 'societyNotRegister' } })
  })

  it('scopes rows by company: another company reads 404 for the same id', async () => {
    const created = await t.call('/api/probe/notes', {
      company: 'alpha-token',
      json: { title: 'hi' },
    })
    const { id } = created.body as { id: string }
    const own = await t.call(`/api/probe/notes/${id}?upper=1&_timestamp=1`, {
      company: 'alpha-token',
    })
    expect(own).toEqual({ status: 200, body: { id, title: 'HI' } })
    const foreign = await t.call(`/api/probe/notes/${id}`, { company: 'beta-token' })
    // marketplace calls carry code and message in an errors object (docs/product/8-errors.md)
    expect(foreign).toEqual({
      status: 404,
      body: { errors: { code: 404, message: 'No such note.' }, type: 'notFound' },
    })
  })

  it('turns a unique violation into 409 Conflict', async () => {
    const note = { id: 'dup', title: 'one' }
    expect((await t.call('/api/probe/notes', { company: 'alpha-token', json: note })).status).toBe(
      200,
    )
    const again = await t.call('/api/probe/notes', { company: 'alpha-token', json: note })
    expect(again).toMatchObject({ status: 409, body: { code: 409, message: 'Conflict' } })
  })

  it('refuses a body over 1 MiB with 413, normalised', async () => {
    const raw = JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 1) })
    const res = await t.call('/api/probe/notes', { company: 'alpha-token', raw })
    expect(res).toMatchObject({ status: 413, body: { code: 413, type: 'payloadTooLarge' } })
  })

  it('takes the client address from the socket, or from our proxy on loopback', async () => {
    const direct = await t.call('/api/probe/address', { company: 'alpha-token' })
    expect(direct.body).toEqual({ address: '127.0.0.1' })
    const proxied = await t.call('/api/probe/address', {
      company: 'alpha-token',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
    })
    expect(proxied.body).toEqual({ address: '203.0.113.9' })
  })

  it('answers 500 invalidResponse when a handler breaks the contract', async () => {
    const res = await t.call('/api/probe/broken', { company: 'alpha-token' })
    expect(res).toMatchObject({ status: 500, body: { type: 'invalidResponse' } })
  })
})

describe('route: bearer tokens', () => {
  const customerToken = async (token: string, now?: Date) => {
    const id = await companyId(token)
    const [account] = await t.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.companyId, id), eq(accounts.kind, 'customer')))
    return issueToken(t.db, {
      companyId: id,
      kind: 'customer',
      subjectId: account?.id ?? '',
      ...(now ? { now } : {}),
    })
  }

  it('resolves the subject of a bearer issued by the same company', async () => {
    const { token } = await customerToken('alpha-token')
    const res = await t.call('/api/probe/me', { company: 'alpha-token', bearer: token })
    expect(res).toEqual({ status: 200, body: { id: 'u1', kind: 'customer' } })
  })

  it('refuses a missing, malformed, foreign or expired bearer with 401', async () => {
    const { token } = await customerToken('alpha-token')
    const expired = await customerToken('alpha-token', new Date(Date.now() - 31 * 24 * 3600e3))
    const cases = [
      { company: 'alpha-token' },
      { company: 'alpha-token', bearer: 'garbage' },
      { company: 'beta-token', bearer: token },
      { company: 'alpha-token', bearer: expired.token },
    ]
    for (const options of cases) {
      const res = await t.call('/api/probe/me', options)
      expect(res).toMatchObject({ status: 401, body: { code: 401 } })
    }
  })
})
