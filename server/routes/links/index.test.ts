import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { link } from '#contract/link.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'
import { registerCustomer } from '#server/test/users.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let t: TestApi
let provider: string
beforeAll(async () => {
  t = await startTestApi()
  provider = await bearer(t, 'alpha.localhost', 'provider')
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }

describe('links', () => {
  it('links the signed-in customer once; the same link comes back', async () => {
    const { token, user } = await registerCustomer(t, {
      company: 'alpha-token',
      email: 'ines@example.com',
      phone: '+33688776655',
      password: 'ines-password-1',
    })
    const json = {
      userId: user.id,
      email: user.email,
      profile: { firstname: 'Inès', lastname: 'M' },
    }
    const first = await t.call('/api/links', { ...alpha, bearer: token, json })
    expect(first).toMatchObject({
      status: 200,
      body: { requireSMSCode: false, link: { userId: user.id } },
    })
    const made = link.parse((first.body as { link: unknown }).link)
    const again = await t.call('/api/links', { ...alpha, bearer: token, json })
    expect(again.body).toEqual(first.body)
    expect((await t.call('/api/users/me', { ...alpha, bearer: token })).body).toMatchObject({
      links: [{ artebeauteId: made.artebeauteId }],
    })

    const listed = await t.call(`/api/links/get?userId=${user.id}`, { ...alpha, bearer: provider })
    expect(listed).toEqual({ status: 200, body: [made] })
  })

  it('never links another account: its id is not found', async () => {
    const token = await bearer(t, 'alpha.localhost', 'customer')
    const json = { userId: 'someone-else', email: 'x@example.com', profile: {} }
    expect(await t.call('/api/links', { ...alpha, bearer: token, json })).toMatchObject({
      status: 404,
    })
  })

  it('lists links for providers of the same company only', async () => {
    expect(await t.call('/api/links/get?userId=u1', { ...alpha, bearer: provider })).toEqual({
      status: 200,
      body: [],
    })
    expect(
      (await t.call('/api/links/get?userId=nobody', { ...alpha, bearer: provider })).status,
    ).toBe(404)
    const customer = await bearer(t, 'alpha.localhost', 'customer')
    expect((await t.call('/api/links/get?userId=u1', { ...alpha, bearer: customer })).status).toBe(
      401,
    )
    expect(
      (await t.call('/api/links/get?userId=u1', { company: 'beta-token', bearer: provider }))
        .status,
    ).toBe(401)
    expect((await t.call('/api/links/get', { ...alpha, bearer: provider })).status).toBe(400)
  })
})
