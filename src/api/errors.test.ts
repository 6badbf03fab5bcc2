import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { ServiceGroup } from '#contract/call'
import { defineCall } from '#contract/call'
import { failCall as at, failureOf } from '#support/failing-call'
import type { TestServer } from '#support/fake-api-server'
import { closedUrl, contextAt, startServer } from '#support/fake-api-server'
import { ApiError, HttpError } from './errors'
import { callApi } from './request'

let server: TestServer
let closed: string
beforeAll(async () => {
  server = await startServer()
  closed = await closedUrl()
})
afterAll(() => server.close())

const failure = (group: ServiceGroup, reply: Parameters<TestServer['reply']>[1]) =>
  failureOf(server, group, reply)

describe('docs/product/8-errors.md no response and invalid responses', () => {
  it('connection refused gives 503 Le service est indisponible.', async () => {
    const error = await callApi(contextAt(closed), at('first'), {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      code: 503,
      message: 'Le service est indisponible.',
      status: undefined,
    })
  })

  it('a connection dropped mid-body gives 503', async () => {
    expect(await failure('marketplace', { hangUp: true })).toMatchObject({ code: 503 })
  })

  it('an aborted call gives 503', async () => {
    server.reply('/api/fail', { json: { ok: true } })
    const controller = new AbortController()
    controller.abort()
    const error = await callApi(
      contextAt(server.url),
      at('booking'),
      {},
      { signal: controller.signal },
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 503, message: 'Le service est indisponible.' })
  })

  it('a non-JSON success body gives 502 with the text in raw', async () => {
    const error = await failure('first', { text: '<html>proxy</html>' })
    expect(error).toMatchObject({ code: 502, message: 'Réponse invalide du service.', status: 200 })
    expect(error).toHaveProperty('raw.body', '<html>proxy</html>')
  })

  it('a non-JSON error body keeps the status and a generic message', async () => {
    const error = await failure('first', { status: 500, text: 'Internal Server Error' })
    expect(error).toMatchObject({
      code: 500,
      message: 'Une erreur est survenue.',
      raw: 'Internal Server Error',
    })
  })

  it('a response that does not match its schema gives 502 with the zod issues', async () => {
    const error = await failure('booking', { json: { ok: 'yes' } })
    expect(error).toMatchObject({ code: 502, message: 'Réponse invalide du service.' })
    expect(error).toHaveProperty(['raw', 'issues', 0, 'path'], ['ok'])
  })

  it('input that fails the call schema gives 400 and sends nothing', async () => {
    const before = server.requests.length
    const def = defineCall({ ...at('first'), query: z.object({ shop: z.string() }) })
    // @ts-expect-error the query is required; the runtime must refuse it too
    const error = await callApi(contextAt(server.url), def, {}).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 400 })
    expect(server.requests.length).toBe(before)
  })
})

describe('docs/product/8-errors.md booking admin and stats rethrow the raw error', () => {
  it('an error status is thrown as HttpError with the body as received', async () => {
    for (const group of ['bookingAdmin', 'stats'] as const) {
      const error = await failure(group, { status: 403, json: { errors: { message: 'Interdit' } } })
      expect(error).toBeInstanceOf(HttpError)
      expect(error).toMatchObject({ status: 403, body: { errors: { message: 'Interdit' } } })
    }
  })

  it('a transport failure is rethrown as fetch raised it', async () => {
    const error = await callApi(contextAt(closed), at('bookingAdmin'), {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect(error).not.toBeInstanceOf(ApiError)
  })
})
