import { describe, expect, it } from 'vitest'
import type { ManageView } from '#contract/manage'
import { initialManageState, linkFromHash, manageReducer, slotStart } from './manage-state'

const decision = (allowed: boolean) => ({ allowed, deadline: '2027-04-27T07:00:00.000Z' })
const view = (cancel: boolean, reschedule: boolean) =>
  ({ cancel: decision(cancel), reschedule: decision(reschedule) }) as unknown as ManageView
const slot = { date: '2027-04-29', start: 570, end: 630, employeeId: null, employeeName: null }

describe('manage state', () => {
  it('cancel: ready, confirm, working, done; back keeps the visit', () => {
    let s = manageReducer(initialManageState, { type: 'loaded', view: view(true, true) })
    expect(s.phase).toBe('ready')
    s = manageReducer(s, { type: 'askCancel' })
    expect(s.phase).toBe('confirmCancel')
    expect(manageReducer(s, { type: 'back' }).phase).toBe('ready')
    s = manageReducer(s, { type: 'working' })
    expect(manageReducer(s, { type: 'back' }).phase).toBe('working')
    const outcome = { kind: 'cancelled', given: 'refund', amount: 4200, status: 'done' } as const
    s = manageReducer(s, { type: 'done', outcome, view: null })
    expect(s).toMatchObject({ phase: 'done', outcome })
  })

  it('move: picking, a slot, confirm; back from confirm picks again', () => {
    let s = manageReducer(initialManageState, { type: 'loaded', view: view(true, true) })
    s = manageReducer(s, { type: 'askMove' })
    expect(s.phase).toBe('picking')
    s = manageReducer(s, { type: 'pick', slot })
    expect(s).toMatchObject({ phase: 'confirmMove', slot })
    expect(manageReducer(s, { type: 'back' })).toMatchObject({ phase: 'picking', slot: null })
  })

  it('an action the policy refuses does not open; a failure returns to the visit with its words', () => {
    const s = manageReducer(initialManageState, { type: 'loaded', view: view(false, false) })
    expect(manageReducer(s, { type: 'askCancel' }).phase).toBe('ready')
    expect(manageReducer(s, { type: 'askMove' }).phase).toBe('ready')
    const failed = manageReducer({ ...s, phase: 'working' }, { type: 'failed', error: 'late' })
    expect(failed).toMatchObject({ phase: 'ready', error: 'late' })
    expect(manageReducer(initialManageState, { type: 'loadFailed', error: 'x' }).phase).toBe(
      'failed',
    )
  })

  it('a slot is sent as its wall-clock start; the link is read from the fragment', () => {
    expect(slotStart(slot)).toBe('2027-04-29T09:30')
    expect(linkFromHash('#abc_D-1.XyZ')).toBe('abc_D-1.XyZ')
    expect(linkFromHash('')).toBeUndefined()
    expect(linkFromHash('#<script>')).toBeUndefined()
  })
})
