import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_MINOR_AMOUNT } from '../money/bounds'
import {
  conversionEvent,
  parseReported,
  purchaseEvent,
  purchaseValue,
  REPORTED_KEPT,
  reportKey,
  reportsDue,
  withReported,
} from './purchase-report'

const order = { transactionId: 'o-1', total: 12_450 }
const tags = { ga: 'G-X1', aw: 'AW-9', awLabel: 'abc' }
const all = { analytics: true, marketing: true }

describe('the purchase event (docs/product/9-constants.md)', () => {
  it('reports the order in EUR with tax 0 and shipping 0', () => {
    expect(purchaseEvent(order)).toEqual({
      transaction_id: 'o-1',
      value: 124.5,
      currency: 'EUR',
      tax: 0,
      shipping: 0,
    })
    expect(conversionEvent(order, 'AW-9', 'abc')).toEqual({
      send_to: 'AW-9/abc',
      value: 124.5,
      currency: 'EUR',
      transaction_id: 'o-1',
    })
  })

  it('turns any minor amount into its euro value, exact to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MINOR_AMOUNT }), (minor) => {
        const value = purchaseValue(minor)
        expect(Math.round(value * 100)).toBe(minor)
        expect(value.toFixed(2)).toBe(
          `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`,
        )
        expect(purchaseEvent({ transactionId: 't', total: minor }).value).toBe(value)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('which reports are due', () => {
  it('sends each report only with its purpose and its company tag', () => {
    expect(reportsDue(order, tags, all, [])).toEqual(['purchase', 'conversion'])
    expect(reportsDue(order, tags, { analytics: true, marketing: false }, [])).toEqual(['purchase'])
    expect(reportsDue(order, tags, { analytics: false, marketing: true }, [])).toEqual([
      'conversion',
    ])
    expect(reportsDue(order, tags, { analytics: false, marketing: false }, [])).toEqual([])
    expect(reportsDue(order, {}, all, [])).toEqual([])
    // a conversion needs its label
    expect(reportsDue(order, { aw: 'AW-9' }, all, [])).toEqual([])
    expect(reportsDue({ transactionId: '', total: 1 }, tags, all, [])).toEqual([])
  })

  it('never sends a report twice for one transaction, whatever the order of the visits', () => {
    const consent = fc.record({ analytics: fc.boolean(), marketing: fc.boolean() })
    fc.assert(
      fc.property(fc.array(consent, { maxLength: 8 }), fc.constantFrom('a', 'b'), (visits, id) => {
        let reported: string[] = []
        const sent: string[] = []
        for (const visit of visits) {
          const due = reportsDue({ transactionId: id, total: 100 }, tags, visit, reported)
          sent.push(...due)
          reported = withReported(
            reported,
            due.map((report) => reportKey(report, id)),
          )
        }
        expect(new Set(sent).size).toBe(sent.length)
        if (visits.some((v) => v.analytics)) expect(sent).toContain('purchase')
        if (visits.some((v) => v.marketing)) expect(sent).toContain('conversion')
      }),
    )
  })

  it('keeps the last reports only, and reads anything else as none', () => {
    const many = Array.from({ length: REPORTED_KEPT + 5 }, (_, i) => `purchase:${i}`)
    const kept = withReported([], many)
    expect(kept).toHaveLength(REPORTED_KEPT)
    expect(kept.at(-1)).toBe(`purchase:${REPORTED_KEPT + 4}`)
    expect(withReported(['a', 'b'], ['a'])).toEqual(['b', 'a'])
    expect(parseReported(null)).toEqual([])
    expect(parseReported('{')).toEqual([])
    expect(parseReported('{"a":1}')).toEqual([])
    expect(parseReported('["a",2,"b"]')).toEqual(['a', 'b'])
  })
})
