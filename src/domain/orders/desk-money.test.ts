import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deskPaymentVerdict, orderBalance, refundVerdict } from './desk-money'

const cents = fc.integer({ min: 0, max: 1_000_000 })

describe('orderBalance', () => {
  it('is what was taken less what was given back', () => {
    expect(orderBalance({ total: 5000, taken: [5000], refunds: [1500] })).toEqual({
      paid: 5000,
      refunded: 1500,
      due: 0,
      refundable: 3500,
    })
    expect(orderBalance({ total: 5000, taken: [], refunds: [] }).due).toBe(5000)
  })

  it('never gives back more than was paid, and refunds never make an order due again', () => {
    fc.assert(
      fc.property(
        cents,
        fc.array(cents, { maxLength: 4 }),
        fc.array(cents),
        (total, taken, refunds) => {
          const b = orderBalance({ total, taken, refunds })
          expect(b.refunded).toBeLessThanOrEqual(b.paid)
          expect(b.refundable).toBeGreaterThanOrEqual(0)
          expect(b.refunded + b.refundable).toBe(b.paid)
          expect(b.due).toBe(orderBalance({ total, taken, refunds: [] }).due)
        },
      ),
    )
  })
})

describe('refundVerdict', () => {
  it('accepts up to what is refundable, refuses nothing and more', () => {
    expect(refundVerdict(0, 100)).toBe('nothing')
    expect(refundVerdict(1.5, 100)).toBe('nothing')
    expect(refundVerdict(100, 100)).toBe('ok')
    expect(refundVerdict(101, 100)).toBe('tooLarge')
  })

  it('a run of accepted refunds never adds up to more than was paid', () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { maxLength: 12 }), (paid, asked) => {
        let given = 0
        for (const amount of asked) {
          const { refundable } = orderBalance({ total: paid, taken: [paid], refunds: [given] })
          if (refundVerdict(amount, refundable) === 'ok') given += amount
        }
        expect(given).toBeLessThanOrEqual(paid)
      }),
    )
  })
})

describe('deskPaymentVerdict', () => {
  it('takes exactly what is due, once', () => {
    expect(deskPaymentVerdict(4200, 4200)).toBe('ok')
    expect(deskPaymentVerdict(4199, 4200)).toBe('mismatch')
    expect(deskPaymentVerdict(4200, 0)).toBe('nothingDue')
  })
})
