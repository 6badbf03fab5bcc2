import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_VISIT_POLICY } from '#contract/constants'
import { visitPolicy } from '#contract/visit-policy'
import { cancelReturn, decideManage, manageDeadline, rescheduleSettlement } from './visit-policy'

const HOUR = 3_600_000
const visitAt = new Date('2027-05-12T09:00:00Z')
const confirmed = { startsAt: visitAt, status: 'confirmed' }
const policy = visitPolicy.parse({})
const ahead = (ms: number) => new Date(visitAt.getTime() - ms)

describe('visit policy', () => {
  it('a shop that sets nothing gets the defaults: both allowed, 24 h, refund', () => {
    expect(policy).toEqual(DEFAULT_VISIT_POLICY)
  })

  it('allows a cancellation up to the deadline itself, and gives what the policy says', () => {
    expect(decideManage(policy, 'cancel', confirmed, ahead(24 * HOUR))).toEqual({
      allowed: true,
      deadline: ahead(24 * HOUR),
      gives: 'refund',
    })
    const credit = { ...policy, cancelGives: 'credit' as const }
    expect(decideManage(credit, 'cancel', confirmed, ahead(48 * HOUR))).toMatchObject({
      allowed: true,
      gives: 'credit',
    })
    expect(decideManage(policy, 'reschedule', confirmed, ahead(30 * HOUR))).toMatchObject({
      allowed: true,
      gives: 'none',
    })
  })

  it('refuses after the deadline, for a past visit, when the shop forbids, for an order not confirmed', () => {
    const reason = (
      p: typeof policy,
      action: 'cancel' | 'reschedule',
      visit = confirmed,
      now = ahead(HOUR),
    ) => {
      const decision = decideManage(p, action, visit, now)
      return decision.allowed ? 'allowed' : decision.reason
    }
    expect(reason(policy, 'cancel')).toBe('deadlinePassed')
    expect(reason(policy, 'reschedule', confirmed, ahead(24 * HOUR - 1))).toBe('deadlinePassed')
    expect(reason(policy, 'cancel', confirmed, visitAt)).toBe('visitPast')
    expect(reason(policy, 'cancel', confirmed, new Date(visitAt.getTime() + HOUR))).toBe(
      'visitPast',
    )
    expect(reason({ ...policy, cancel: false }, 'cancel', confirmed, ahead(48 * HOUR))).toBe(
      'notAllowed',
    )
    expect(
      reason({ ...policy, reschedule: false }, 'reschedule', confirmed, ahead(48 * HOUR)),
    ).toBe('notAllowed')
    expect(reason({ ...policy, reschedule: false }, 'cancel', confirmed, ahead(48 * HOUR))).toBe(
      'allowed',
    )
    for (const status of ['pending', 'cancelled', 'refunded', 'completed']) {
      expect(reason(policy, 'cancel', { startsAt: visitAt, status }, ahead(48 * HOUR))).toBe(
        'notManageable',
      )
    }
  })

  it('a deadline of 0 hours lets the customer act until the visit starts', () => {
    const zero = { ...policy, deadlineHours: 0 }
    expect(decideManage(zero, 'cancel', confirmed, ahead(1)).allowed).toBe(true)
    expect(decideManage(zero, 'cancel', confirmed, visitAt).allowed).toBe(false)
  })

  it('property: allowed exactly when now is at or before start minus the deadline (and before the start)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 720 }),
        fc.integer({ min: -800 * HOUR, max: 800 * HOUR }),
        fc.constantFrom('cancel' as const, 'reschedule' as const),
        (deadlineHours, offset, action) => {
          const now = new Date(visitAt.getTime() - offset)
          const decision = decideManage({ ...policy, deadlineHours }, action, confirmed, now)
          const inTime = offset >= deadlineHours * HOUR && offset > 0
          expect(decision.allowed).toBe(inTime)
          expect(decision.deadline).toEqual(manageDeadline(visitAt, deadlineHours))
          if (!decision.allowed) {
            expect(decision.reason).toBe(offset <= 0 ? 'visitPast' : 'deadlinePassed')
          }
        },
      ),
    )
  })

  it('a cancellation gives back what is still paid, or nothing', () => {
    expect(cancelReturn('refund', 4200)).toBe(4200)
    expect(cancelReturn('credit', 4200)).toBe(4200)
    expect(cancelReturn('none', 4200)).toBe(0)
    expect(cancelReturn('refund', 0)).toBe(0)
  })

  it('a reschedule keeps an even price, credits a cheaper one up to what was paid, refuses a dearer one', () => {
    expect(rescheduleSettlement(4200, 4200, 4200)).toEqual({ kind: 'even' })
    expect(rescheduleSettlement(4200, 3000, 4200)).toEqual({ kind: 'credit', amountCents: 1200 })
    expect(rescheduleSettlement(4200, 3000, 0)).toEqual({ kind: 'even' })
    expect(rescheduleSettlement(4200, 3000, 500)).toEqual({ kind: 'credit', amountCents: 500 })
    expect(rescheduleSettlement(4200, 5000, 4200)).toEqual({ kind: 'refuse', differenceCents: 800 })
  })

  it('a dearer visit is paid first when the shop takes payments online, whatever was paid', () => {
    expect(rescheduleSettlement(4200, 5000, 4200, true)).toEqual({ kind: 'pay', amountCents: 800 })
    expect(rescheduleSettlement(4200, 5000, 0, true)).toEqual({ kind: 'pay', amountCents: 800 })
    expect(rescheduleSettlement(4200, 4200, 4200, true)).toEqual({ kind: 'even' })
    expect(rescheduleSettlement(4200, 3000, 4200, true)).toEqual({
      kind: 'credit',
      amountCents: 1200,
    })
  })

  it('property: a settlement never credits more than was paid nor accepts a dearer visit', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.nat(100_000), (was, now, paid) => {
        const settled = rescheduleSettlement(was, now, paid)
        if (now > was) expect(settled.kind).toBe('refuse')
        // online, a dearer visit asks exactly the difference, and only a dearer one asks anything
        const online = rescheduleSettlement(was, now, paid, true)
        expect(online.kind === 'pay').toBe(now > was)
        if (online.kind === 'pay') expect(online.amountCents).toBe(now - was)
        else expect(online).toEqual(settled)
        if (settled.kind === 'credit') {
          expect(settled.amountCents).toBeGreaterThan(0)
          expect(settled.amountCents).toBeLessThanOrEqual(Math.min(paid, was - now))
        }
      }),
    )
  })
})
