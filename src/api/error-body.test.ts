import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceGroup } from '#contract/call'
import { failureOf } from '#support/failing-call'
import type { TestServer } from '#support/fake-api-server'
import { startServer } from '#support/fake-api-server'
import { ApiError } from './errors'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const failure = (group: ServiceGroup, reply: Parameters<TestServer['reply']>[1]) =>
  failureOf(server, group, reply)

describe('docs/product/8-errors.md normalised errors, first group', () => {
  it('code and message come from the body', async () => {
    const error = await failure('first', { status: 400, json: { code: 4001, message: 'Mauvais' } })
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 4001, message: 'Mauvais', status: 400 })
  })

  it('the first errors[].sMessage overrides the message', async () => {
    const json = {
      code: 422,
      message: 'Invalide',
      errors: [{ sMessage: 'Email pris' }, { sMessage: 'x' }],
    }
    expect(await failure('first', { status: 422, json })).toMatchObject({
      code: 422,
      message: 'Email pris',
    })
  })

  it('the code falls back to the HTTP status', async () => {
    const error = await failure('first', { status: 404, json: { message: 'Introuvable' } })
    expect(error).toMatchObject({
      code: 404,
      message: 'Introuvable',
      raw: { message: 'Introuvable' },
    })
  })
})

describe('docs/product/8-errors.md normalised errors, marketplace and booking groups', () => {
  it('marketplace reads {errors: {code, message}}', async () => {
    const json = { errors: { code: 409, message: 'Créneau pris' } }
    expect(await failure('marketplace', { status: 400, json })).toMatchObject({
      code: 409,
      message: 'Créneau pris',
    })
  })

  it('booking reads the first field of {errors: {field: messages}}', async () => {
    const json = { errors: { email: ['Email invalide'], phone: 'Téléphone invalide' } }
    expect(await failure('booking', { status: 400, json })).toMatchObject({
      code: 400,
      message: 'Email invalide',
    })
  })

  it('without an errors object the top-level {code, message} is used', async () => {
    const json = { code: 400, message: 'Requête refusée' }
    expect(await failure('booking', { status: 400, json })).toMatchObject({
      code: 400,
      message: 'Requête refusée',
    })
  })
})
