import { describe, expect, it } from 'vitest'
import { visitPolicy } from '#contract/visit-policy'
import { policySummary } from './policy-summary'

const policy = visitPolicy.parse({})

describe('policy summary', () => {
  it('says what is allowed until when, then what a cancellation gives back', () => {
    expect(policySummary(policy)).toEqual([
      { key: 'manage.policy.both', hours: 24 },
      { key: 'manage.policy.gives.refund' },
    ])
    expect(
      policySummary({ ...policy, reschedule: false, cancelGives: 'credit', deadlineHours: 48 }),
    ).toEqual([
      { key: 'manage.policy.cancelOnly', hours: 48 },
      { key: 'manage.policy.gives.credit' },
    ])
  })

  it('without online cancelling says nothing of what it gives back', () => {
    expect(policySummary({ ...policy, cancel: false })).toEqual([
      { key: 'manage.policy.rescheduleOnly', hours: 24 },
    ])
    expect(policySummary({ ...policy, cancel: false, reschedule: false })).toEqual([
      { key: 'manage.policy.neither' },
    ])
  })
})
