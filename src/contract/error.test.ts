import { describe, expect, test } from 'vitest'
import {
  apiError,
  errorBodyFor,
  firstErrorBody,
  objectErrorBody,
  SERVICE_UNAVAILABLE,
} from './error'

describe('errors', () => {
  test('docs/product/8-errors.md: the normalised error is {code, message}', () => {
    expect(apiError.parse({ code: 409, message: 'Conflict' })).toEqual({
      code: 409,
      message: 'Conflict',
    })
    expect(SERVICE_UNAVAILABLE).toEqual({ code: 503, message: 'Le service est indisponible.' })
  })

  test('docs/product/8-errors.md: a first-group body with an errors list keeps sMessage and extra fields', () => {
    const body = firstErrorBody.parse({
      code: 400,
      message: 'Bad',
      errors: [{ sMessage: 'Email invalide' }],
      trace: 'x',
    })
    expect(body.errors?.[0]?.sMessage).toBe('Email invalide')
    expect(body.trace).toBe('x')
  })

  test('docs/product/8-errors.md: marketplace and booking bodies carry an errors object', () => {
    expect(objectErrorBody.parse({ errors: { code: 404, message: 'absent' } }).errors.code).toBe(
      404,
    )
    expect(objectErrorBody.safeParse({ code: 404 }).success).toBe(false)
  })

  test('docs/product/8-errors.md: the server writes each group its own body shape', () => {
    const e = { code: 400, message: 'Bad input' }
    expect(errorBodyFor('first', e)).toEqual(e)
    expect(errorBodyFor('bookingAdmin', e)).toEqual(e)
    expect(errorBodyFor('booking', e)).toEqual({ errors: e })
    expect(objectErrorBody.safeParse(errorBodyFor('marketplace', e)).success).toBe(true)
  })
})
