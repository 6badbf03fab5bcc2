import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedTenant, type Tenant } from '#server/conformance/sessions.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { AUTH_KEY } from '#stores/session.ts'

/**
 * docs/security.md "cross-site requests riding the session": the API reads the session only
 * from `Authorization: Bearer`. The browser also keeps the bearer in a cookie (src/stores/
 * session.ts), which a cross-site request would carry; with that cookie alone a request is
 * anonymous.
 */

let t: TestApi
let a: Tenant
beforeAll(async () => {
  t = await startTestApi()
  a = await seedTenant(t, 'alpha')
})
afterAll(() => t.close())

const get = (path: string, headers: Record<string, string>) =>
  t.call(path, { company: a.token, headers })

describe('the session comes from Authorization: Bearer only', () => {
  it('GET /api/users/me with the live customer cookie alone answers as to a visitor', async () => {
    const cookie = `${AUTH_KEY.customer}=${a.bearers.customer}`
    const signedIn = await get('/api/users/me', { authorization: `Bearer ${a.bearers.customer}` })
    const visitor = await get('/api/users/me', {})
    // The same token as a bearer is live and answers the account: the difference is the cookie's.
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).not.toEqual(visitor.body)
    expect(await get('/api/users/me', { cookie })).toEqual(visitor)
  })

  it('a provider call with the provider cookie, or any cookie name, is refused as anonymous', async () => {
    const token = a.bearers.provider
    expect((await get('/api/cmpusers/me', { authorization: `Bearer ${token}` })).status).toBe(200)
    for (const cookie of [
      `${AUTH_KEY.provider}=${token}`,
      `authorization=Bearer ${token}`,
      `token=${token}; session=${token}`,
    ]) {
      expect(await get('/api/cmpusers/me', { cookie }), cookie).toMatchObject({
        status: 401,
        body: { type: 'unauthorized' },
      })
    }
  })
})
