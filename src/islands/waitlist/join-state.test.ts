import { describe, expect, it } from 'vitest'
import {
  fullDays,
  initialJoin,
  joinBody,
  joinReducer,
  needsSignIn,
  windowValid,
} from './join-state'

describe('waitlist join form', () => {
  it('offers the shown days without a free start, from today', () => {
    const dates = ['2027-04-26', '2027-04-27', '2027-04-28', '2027-04-29']
    expect(fullDays(dates, [0, 3, 0, 1], '2027-04-27')).toEqual(['2027-04-28'])
    expect(fullDays(dates, [], '2027-04-26')).toEqual(dates)
  })

  it('starts on the first full day with a default window and checks the window', () => {
    const state = initialJoin(['2027-04-28'])
    expect(state).toMatchObject({ day: '2027-04-28', from: '09:00', to: '19:00', status: 'idle' })
    expect(windowValid(state)).toBe(true)
    expect(windowValid(joinReducer(state, { type: 'to', to: '08:00' }))).toBe(false)
    expect(windowValid(joinReducer(state, { type: 'from', from: '' }))).toBe(false)
  })

  it('goes sending → joined or failed, and an edit clears the outcome', () => {
    let state = initialJoin(['2027-04-28'])
    state = joinReducer(state, { type: 'sending' })
    expect(state.status).toBe('sending')
    state = joinReducer(state, { type: 'failed', error: { code: 401 } })
    expect(state.status).toBe('failed')
    expect(needsSignIn(state.error)).toBe(true)
    expect(needsSignIn({ code: 409 })).toBe(false)
    expect(joinReducer(state, { type: 'day', day: '2027-04-29' }).status).toBe('idle')
    expect(joinReducer(state, { type: 'joined' }).status).toBe('joined')
  })

  it('builds the body of POST /api/waitlist', () => {
    const state = initialJoin(['2027-04-28'])
    expect(joinBody(state, { shopId: 's1', serviceId: 'cut', locale: 'en' })).toEqual({
      shopId: 's1',
      servicesId: ['cut'],
      day: '2027-04-28',
      from: '09:00',
      to: '19:00',
      locale: 'en',
    })
  })
})
