import { describe, expect, it } from 'vitest'
import { payOutcome, returnStep, returnUrlFor } from './outcome'

describe('pay outcome', () => {
  it('maps each status', () => {
    expect(payOutcome({ status: 'succeeded', orderId: 'o1' })).toEqual({
      kind: 'succeeded',
      orderId: 'o1',
    })
    // decision 012: confirmed, to be paid at the shop
    expect(
      payOutcome({
        status: 'succeeded',
        orderId: 'o2',
        amountDue: { amount: 5000, currency: 'EUR' },
      }),
    ).toEqual({ kind: 'succeeded', orderId: 'o2', amountDue: 5000 })
    expect(payOutcome({ status: 'requiresAction', redirectUrl: 'https://3ds.example/x' })).toEqual({
      kind: 'redirect',
      url: 'https://3ds.example/x',
    })
    expect(payOutcome({ status: 'requiresAction' })).toEqual({ kind: 'pending' })
    expect(payOutcome({ status: 'pending' })).toEqual({ kind: 'pending' })
    expect(payOutcome({ status: 'failed', errorType: 'card_error', message: 'Declined' })).toEqual({
      kind: 'failed',
      errorType: 'card_error',
      message: 'Declined',
    })
  })

  it('adds the cart id to the return address', () => {
    expect(returnUrlFor('http://a.localhost:4321/en/payments/rdvcheck', 'c1')).toBe(
      'http://a.localhost:4321/en/payments/rdvcheck?cartId=c1',
    )
    expect(returnUrlFor('/payments/rdvcheck?x=1', 'c 2')).toBe('/payments/rdvcheck?x=1&cartId=c+2')
  })
})

describe('return step (decision 025)', () => {
  it('goes where the server says; the error return does not wait for what is not paid', () => {
    expect(returnStep('succeeded', false)).toBe('success')
    expect(returnStep('succeeded', true)).toBe('success')
    expect(returnStep('failed', false)).toBe('fail')
    expect(returnStep('pending', false)).toBe('askAgain')
    expect(returnStep('requiresAction', false)).toBe('askAgain')
    expect(returnStep('pending', true)).toBe('fail')
  })
})
