import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provider as providerSchema } from '#contract/customer.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * The start-up check of a provider session (docs/product/7-calls.md Startup: GET
 * /api/cmp-users/me with the bearer): served at the spec's start-up path as well as at
 * /api/cmpusers/me, one answer, the same refusals
 * (docs/decisions/063-last-partial-rows-of-the-api.md).
 */
let t: TestApi
let staff: string
let customer: string
beforeAll(async () => {
  t = await startTestApi()
  staff = await bearer(t, 'alpha.localhost', 'provider')
  customer = await bearer(t, 'alpha.localhost', 'customer')
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const PATHS = ['/api/cmp-users/me', '/api/cmpusers/me']

describe('GET /api/cmp-users/me', () => {
  it('answers the signed-in company user, as /api/cmpusers/me does', async () => {
    const [startup, other] = await Promise.all(
      PATHS.map((path) => t.call(path, { ...alpha, bearer: staff })),
    )
    expect(startup?.status).toBe(200)
    expect(providerSchema.parse(startup?.body)).toMatchObject({ email: 'staff@alpha.example' })
    expect(startup?.body).toEqual(other?.body)
  })

  it('refuses a customer, no bearer, another company and an unknown token alike', async () => {
    for (const path of PATHS) {
      expect((await t.call(path, { ...alpha, bearer: customer })).body).toMatchObject({
        code: 401,
        type: 'wrongAccountKind',
      })
      expect((await t.call(path, alpha)).status).toBe(401)
      expect((await t.call(path, { company: 'beta-token', bearer: staff })).status).toBe(401)
      expect((await t.call(path, { ...alpha, bearer: 'z'.repeat(43) })).status).toBe(401)
    }
  })
})
