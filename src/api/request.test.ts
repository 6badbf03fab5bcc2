import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { CallAuth, ServiceGroup } from '#contract/call'
import { defineCall } from '#contract/call'
import type { TestServer } from '#support/fake-api-server'
import { contextAt, startServer } from '#support/fake-api-server'
import { callApi } from './request'

const probe = (group: ServiceGroup, auth: CallAuth = 'optional') =>
  defineCall({
    method: 'GET',
    path: '/api/probe/:id',
    group,
    auth,
    params: z.object({ id: z.string() }),
    query: z.optional(
      z.object({ page: z.optional(z.number()), tags: z.optional(z.array(z.string())) }),
    ),
    response: z.object({ ok: z.boolean() }),
  })

const save = defineCall({
  method: 'POST',
  path: '/api/save',
  group: 'marketplace',
  auth: 'customer',
  body: z.object({ name: z.string(), mode: z._default(z.string(), '1') }),
  response: z.object({ ok: z.boolean() }),
})

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
  server.reply('/api/probe/42', { json: { ok: true } })
  server.reply('/api/save', { json: { ok: true } })
})

describe('docs/product/7-calls.md headers and query of every request', () => {
  it('sends company, curlang, previewtheme and a bearer', async () => {
    const ctx = contextAt(server.url, {
      companyToken: 'cmp-1',
      curlang: 'en',
      customerToken: 'cus-1',
      previewTheme: 'preview-9',
    })
    await expect(callApi(ctx, probe('first'), { params: { id: '42' } })).resolves.toEqual({
      ok: true,
    })
    const { headers } = server.last()
    expect(headers.company).toBe('cmp-1')
    expect(headers.curlang).toBe('en')
    expect(headers.authorization).toBe('Bearer cus-1')
    expect(headers.previewtheme).toBe('preview-9')
  })

  it('adds a numeric _timestamp query parameter, and the declared query', async () => {
    const before = Date.now()
    await callApi(contextAt(server.url), probe('booking'), {
      params: { id: '42' },
      query: { page: 2, tags: ['a', 'b'] },
    })
    const { searchParams } = server.last().url
    const stamp = Number(searchParams.get('_timestamp'))
    expect(Number.isInteger(stamp)).toBe(true)
    expect(stamp).toBeGreaterThanOrEqual(before)
    expect(stamp).toBeLessThanOrEqual(Date.now())
    expect(searchParams.get('page')).toBe('2')
    expect(searchParams.getAll('tags')).toEqual(['a', 'b'])
  })

  it('encodes path parameters so they cannot add segments', async () => {
    server.reply('/api/probe/a%20b%2Fc', { json: { ok: true } })
    await callApi(contextAt(server.url), probe('first'), { params: { id: 'a b/c' } })
    expect(server.last().url.pathname).toBe('/api/probe/a%20b%2Fc')
  })

  it('bookingAdmin and stats calls carry no company header', async () => {
    const ctx = contextAt(server.url, { companyToken: 'cmp-1', curlang: 'de' })
    for (const group of ['bookingAdmin', 'stats'] as const) {
      await callApi(ctx, probe(group), { params: { id: '42' } })
      expect(server.last().headers.company).toBeUndefined()
      expect(server.last().headers.curlang).toBe('de')
    }
  })

  it('docs/product/4-states.md: the provider token wins when both sessions exist', async () => {
    const ctx = contextAt(server.url, { customerToken: 'cus-1', providerToken: 'pro-1' })
    await callApi(ctx, probe('first'), { params: { id: '42' } })
    expect(server.last().headers.authorization).toBe('Bearer pro-1')
  })

  it('no authorization without a session, nor on calls that take none', async () => {
    await callApi(contextAt(server.url), probe('first'), { params: { id: '42' } })
    expect(server.last().headers.authorization).toBeUndefined()
    const ctx = contextAt(server.url, { customerToken: 'cus-1' })
    await callApi(ctx, probe('first', 'none'), { params: { id: '42' } })
    expect(server.last().headers.authorization).toBeUndefined()
  })

  it('curlang defaults to the base locale fr', async () => {
    const { curlang: _, ...ctx } = contextAt(server.url)
    await callApi(ctx, probe('first'), { params: { id: '42' } })
    expect(server.last().headers.curlang).toBe('fr')
  })

  it('sends the JSON body as given, with its content type', async () => {
    await callApi(contextAt(server.url), save, { body: { name: 'Léa' } })
    const sent = server.last()
    expect(sent.method).toBe('POST')
    expect(sent.headers['content-type']).toBe('application/json')
    expect(JSON.parse(sent.body)).toEqual({ name: 'Léa' })
  })

  it('server side uses the server address for every group', async () => {
    const ctx = { ...contextAt('http://127.0.0.1:1'), side: 'server' as const }
    const config = { ...ctx.config, serverUrl: server.url }
    await expect(
      callApi({ ...ctx, config }, probe('stats'), { params: { id: '42' } }),
    ).resolves.toEqual({ ok: true })
  })

  it('a context getter is read at every call', async () => {
    let token = 'one'
    const source = () => contextAt(server.url, { companyToken: token })
    await callApi(source, probe('first'), { params: { id: '42' } })
    token = 'two'
    await callApi(source, probe('first'), { params: { id: '42' } })
    expect(server.requests.map((r) => r.headers.company)).toEqual(['one', 'two'])
  })
})
