import { describe, expect, it } from 'vitest'
import type { WaitlistEntry } from '#contract/waitlist'
import { canLeave, offerTokenOf, offerWhen, replaceEntry, STATE_KEYS } from './entries-state'

const entry = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id: 'e1',
  shopId: 's1',
  servicesId: ['cut'],
  day: '2027-04-28',
  from: '09:00',
  to: '11:00',
  state: 'waiting',
  offer: null,
  createdAt: '2027-04-26T08:00:00.000Z',
  ...over,
})

describe('account waitlist page', () => {
  it('reads the offer token from the fragment only when it looks like one', () => {
    expect(offerTokenOf('#abcdefghijklmnopqrstuvwxyz_-0123')).toBe(
      'abcdefghijklmnopqrstuvwxyz_-0123',
    )
    expect(offerTokenOf('')).toBeUndefined()
    expect(offerTokenOf('#short')).toBeUndefined()
    expect(offerTokenOf('#<script>alert(1)</script>aaaaaaaaaa')).toBeUndefined()
  })

  it('lets live entries be left, names every state', () => {
    expect(canLeave(entry())).toBe(true)
    expect(canLeave(entry({ state: 'offered' }))).toBe(true)
    expect(canLeave(entry({ state: 'booked' }))).toBe(false)
    expect(canLeave(entry({ state: 'lapsed' }))).toBe(false)
    expect(Object.keys(STATE_KEYS).sort()).toEqual([
      'booked',
      'lapsed',
      'left',
      'offered',
      'waiting',
    ])
  })

  it('replaces an entry in place, or puts a new one first', () => {
    const list = [entry(), entry({ id: 'e2' })]
    expect(replaceEntry(list, entry({ state: 'left' })).map((e) => e.state)).toEqual([
      'left',
      'waiting',
    ])
    expect(replaceEntry(list, entry({ id: 'e3' })).map((e) => e.id)).toEqual(['e3', 'e1', 'e2'])
    expect(offerWhen('2027-04-28T09:00')).toEqual({ date: '2027-04-28', time: '09:00' })
  })
})
