import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accessAccount } from '#contract/customer.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let t: TestApi
let staff: string
beforeAll(async () => {
  t = await startTestApi()
  staff = await bearer(t, 'alpha.localhost', 'provider')
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const login = (email: string, password: string, company = 'alpha-token') =>
  t.call('/api/access/login', { company, json: { email, password } })

describe('access accounts', () => {
  let id = ''
  let token = ''

  it('are registered by a provider, then sign in and read themselves', async () => {
    const json = { email: 'Desk@alpha.example', password: 'desk-password-1', name: 'Accueil' }
    const res = await t.call('/api/access/u/register', { ...alpha, bearer: staff, json })
    expect(res).toMatchObject({
      status: 200,
      body: { email: 'desk@alpha.example', name: 'Accueil', scopes: [] },
    })
    id = accessAccount.parse(res.body).id
    const again = await t.call('/api/access/u/register', { ...alpha, bearer: staff, json })
    // marketplace group: code and message sit in an errors object (docs/product/8-errors.md)
    expect(again).toEqual({
      status: 409,
      body: { errors: { code: 409, message: 'Conflict' }, type: 'conflict' },
    })

    const signed = await login('desk@alpha.example', 'desk-password-1')
    expect(signed).toMatchObject({ status: 200, body: { access: { id, name: 'Accueil' } } })
    token = (signed.body as { token: string }).token
    expect(await t.call(`/api/access/me/${id}`, { ...alpha, bearer: token })).toMatchObject({
      status: 200,
      body: { id, email: 'desk@alpha.example' },
    })
    expect((await login('desk@alpha.example', 'wrong')).body).toEqual({ errType: 'credentials' })
    expect((await login('desk@alpha.example', 'desk-password-1', 'beta-token')).body).toEqual({
      errType: 'unknownUser',
    })
  })

  it('read only themselves: another id is not found', async () => {
    const res = await t.call('/api/access/me/u2', { ...alpha, bearer: token })
    expect(res).toEqual({
      status: 404,
      body: { errors: { code: 404, message: 'No such account.' }, type: 'notFound' },
    })
    // A provider session is not an access session.
    expect(await t.call(`/api/access/me/${id}`, { ...alpha, bearer: staff })).toMatchObject({
      status: 401,
      body: { errors: { code: 401 }, type: 'wrongAccountKind' },
    })
  })

  it('are listed and managed by providers only, in the marketplace error shape', async () => {
    const list = await t.call('/api/access', { ...alpha, bearer: staff })
    expect((list.body as unknown[]).map((a) => accessAccount.parse(a).id)).toEqual([id])
    for (const options of [
      alpha,
      { ...alpha, bearer: token },
      { company: 'beta-token', bearer: staff },
    ]) {
      const res = await t.call('/api/access', options)
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ errors: { code: 401 } })
    }
  })

  it('update e-mail, name and password; a new password ends the sessions', async () => {
    const put = (json: unknown) =>
      t.call(`/api/access/u/register/${id}`, { ...alpha, method: 'PUT', bearer: staff, json })
    expect(await put({ email: 'desk@alpha.example', name: 'Réception' })).toMatchObject({
      status: 200,
      body: { name: 'Réception' },
    })
    expect((await t.call(`/api/access/me/${id}`, { ...alpha, bearer: token })).status).toBe(200)
    expect(
      await put({ email: 'desk@alpha.example', name: 'Réception', password: 'desk-password-2' }),
    ).toMatchObject({
      status: 200,
    })
    expect((await t.call(`/api/access/me/${id}`, { ...alpha, bearer: token })).status).toBe(401)
    expect((await login('desk@alpha.example', 'desk-password-2')).status).toBe(200)
    expect((await put({ email: 'not-an-email', name: 'x' })).body).toMatchObject({
      errors: { code: 400 },
      type: 'invalidInput',
    })
    const foreign = await t.call('/api/access/u/register/u2', {
      ...alpha,
      method: 'PUT',
      bearer: staff,
      json: { email: 'x@alpha.example', name: 'x' },
    })
    expect(foreign.status).toBe(404)
  })

  it('are deleted by providers', async () => {
    const del = () => t.call(`/api/access/${id}`, { ...alpha, method: 'DELETE', bearer: staff })
    const signed = await login('desk@alpha.example', 'desk-password-2')
    const session = (signed.body as { token: string }).token
    const me = () => t.call(`/api/access/me/${id}`, { ...alpha, bearer: session })
    expect((await me()).status).toBe(200)
    expect(await del()).toEqual({ status: 200, body: { ok: true } })
    // its sessions end with it, also on the instance that had just resolved one (decision 046)
    expect((await me()).status).toBe(401)
    expect((await del()).status).toBe(404)
    expect((await login('desk@alpha.example', 'desk-password-2')).body).toEqual({
      errType: 'unknownUser',
    })
  })
})
