import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '#support/fake-api-server'
import { closedUrl, contextAt, startServer } from '#support/fake-api-server'
import { createApi } from './client'
import { ApiError } from './errors'

const HOST = 'maison-lumiere.localhost'
const TOKEN_PATH = `/api/companies/token/host/${HOST}`
const company = {
  token: 'cmp-ml',
  nickname: 'maison-lumiere',
  identity: { displayName: 'Maison Lumière' },
  themes: {},
  booker: {},
  menu: {},
}

let server: TestServer
let closed: string
beforeAll(async () => {
  server = await startServer()
  closed = await closedUrl()
})
afterAll(() => server.close())

describe('docs/product/7-calls.md Startup', () => {
  it('getCompanyToken sends the host and debug flag, without a company header', async () => {
    server.reply(TOKEN_PATH, { json: { token: 'cmp-ml' } })
    const api = createApi(contextAt(server.url, { companyToken: 'stale' }))
    await expect(api.startup.getCompanyToken(HOST, true)).resolves.toBe('cmp-ml')
    const sent = server.last()
    expect(sent.url.searchParams.get('debug')).toBe('1')
    expect(sent.headers.company).toBeUndefined()
  })

  it('docs/product/4-states.md: an unknown host is a 500 of type maintenance, keeping the 404 in raw', async () => {
    server.reply(TOKEN_PATH, { status: 404, json: { code: 404, message: 'Société inconnue' } })
    const error = await createApi(contextAt(server.url))
      .startup.getCompanyToken(HOST)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 500, type: 'maintenance', raw: { code: 404 } })
  })

  it('docs/product/4-states.md: an API that does not answer is a maintenance 500 too, with the 503 in raw', async () => {
    const error = await createApi(contextAt(closed))
      .startup.getCompanyToken(HOST)
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 500, type: 'maintenance', raw: { code: 503 } })
  })

  it('loadCompany sends the token as company header and the preview marker', async () => {
    server.reply('/api/companies/me', { json: company })
    const api = createApi(contextAt(server.url))
    const loaded = await api.startup.loadCompany('cmp-ml', 'preview-1')
    expect(loaded).toMatchObject({ token: 'cmp-ml', version: 0 })
    expect(server.last().headers.company).toBe('cmp-ml')
    expect(server.last().headers.previewtheme).toBe('preview-1')
  })

  it('companyOfHost chains host -> token -> company', async () => {
    server.reply(TOKEN_PATH, { json: { token: 'cmp-ml' } })
    server.reply('/api/companies/me', { json: company })
    const { token, company: loaded } = await createApi(contextAt(server.url)).startup.companyOfHost(
      HOST,
    )
    expect(token).toBe('cmp-ml')
    expect(loaded.identity.displayName).toBe('Maison Lumière')
    expect(server.last().headers.previewtheme).toBeUndefined()
  })
})
