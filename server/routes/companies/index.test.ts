import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { company } from '#contract/company.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
})
afterAll(() => t.close())

describe('GET /api/companies/token/host/:host', () => {
  it('gives the token of the tenant of a host, port and case aside, without a company header', async () => {
    expect(await t.call('/api/companies/token/host/alpha.localhost?debug=0')).toEqual({
      status: 200,
      body: { token: 'alpha-token' },
    })
    const res = await t.call('/api/companies/token/host/ALPHA.localhost:4321?debug=1')
    expect(res.body).toEqual({ token: 'alpha-token' })
  })

  it('answers 404 societyNotRegister for an unknown host and 400 for a malformed one', async () => {
    expect(await t.call('/api/companies/token/host/nowhere.localhost')).toMatchObject({
      status: 404,
      body: { code: 404, type: 'societyNotRegister' },
    })
    expect(await t.call('/api/companies/token/host/bad%20host')).toMatchObject({
      status: 400,
      body: { type: 'invalidInput' },
    })
    expect((await t.call('/api/companies/token/host/x?debug=yes')).status).toBe(400)
  })
})

describe('GET /api/companies/me', () => {
  it('returns the company of the company header, valid for the contract', async () => {
    const res = await t.call('/api/companies/me', { company: 'alpha-token' })
    expect(res.status).toBe(200)
    const parsed = company.parse(res.body)
    expect(parsed).toMatchObject({
      token: 'alpha-token',
      nickname: 'alpha',
      previewTheme: false,
      isDebug: false,
      identity: { displayName: 'Alpha Spa' },
    })
  })

  it('marks a theme preview and the debug mode of the request', async () => {
    const res = await t.call('/api/companies/me', {
      company: 'beta-token',
      headers: { previewtheme: 'draft-1', debug: '1' },
    })
    expect(res.body).toMatchObject({ token: 'beta-token', previewTheme: true, isDebug: true })
  })

  it('needs a known company', async () => {
    expect((await t.call('/api/companies/me')).status).toBe(400)
    expect((await t.call('/api/companies/me', { company: 'gamma-token' })).status).toBe(404)
  })
})

describe('GET /api/companies/offline', () => {
  it('says a known company is online, and the API is up without a company', async () => {
    expect((await t.call('/api/companies/offline', { company: 'alpha-token' })).body).toEqual({
      offline: false,
    })
    expect((await t.call('/api/companies/offline')).body).toEqual({ offline: false })
    expect((await t.call('/api/companies/offline', { company: 'gamma-token' })).status).toBe(404)
  })
})
