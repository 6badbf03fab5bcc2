import { describe, expect, it } from 'vitest'
import { ApiError } from '#api/errors'
import type { ManageView } from '#contract/manage'
import {
  cancelledNotes,
  initialManageState,
  isDifferenceDue,
  linkFromHash,
  manageReducer,
  slotStart,
} from './manage-state'

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
    const outcome = {
      kind: 'cancelled',
      given: 'refund',
      amount: 4200,
      status: 'done',
      unrefunded: 0,
    } as const
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

  it('a dearer move: the difference step, quoted, kept or paid; the failure words say nothing moved', () => {
    let s = manageReducer(initialManageState, { type: 'loaded', view: view(true, true) })
    s = manageReducer(manageReducer(s, { type: 'askMove' }), { type: 'pick', slot })
    s = manageReducer(s, { type: 'working' })
    s = manageReducer(s, { type: 'differenceDue', start: '2027-04-29T09:30' })
    expect(s).toMatchObject({
      phase: 'payDifference',
      pay: { start: '2027-04-29T09:30', amount: null },
    })
    s = manageReducer(s, { type: 'quoted', amount: 800 })
    expect(s.pay).toEqual({ start: '2027-04-29T09:30', amount: 800 })
    expect(manageReducer(s, { type: 'back' })).toMatchObject({ phase: 'ready', pay: null })
    const difference = { amount: 800, due: false }
    const outcome = { kind: 'moved', to: '2027-04-29T09:30', credited: 0, difference } as const
    expect(manageReducer(s, { type: 'done', outcome, view: null })).toMatchObject({
      phase: 'done',
      outcome,
      pay: null,
    })
    // a quote without a pending difference changes nothing
    expect(manageReducer(initialManageState, { type: 'quoted', amount: 1 }).pay).toBeNull()
  })

  it("only the manage call's rescheduleDifferenceDue opens the difference step", () => {
    const refusal = (type: string) => new ApiError(409, 'Conflict', { status: 409, type })
    expect(isDifferenceDue(refusal('rescheduleDifferenceDue'))).toBe(true)
    expect(isDifferenceDue(refusal('rescheduleCostsMore'))).toBe(false)
    expect(isDifferenceDue(new Error('x'))).toBe(false)
  })

  it('a slot is sent as its wall-clock start; the link is read from the fragment', () => {
    expect(slotStart(slot)).toBe('2027-04-29T09:30')
    expect(linkFromHash('#abc_D-1.XyZ')).toBe('abc_D-1.XyZ')
    expect(linkFromHash('')).toBeUndefined()
    expect(linkFromHash('#<script>')).toBeUndefined()
  })

  it('a cancellation says what was given back and what the shop will refund', () => {
    const cancelled = (given: 'refund' | 'credit' | 'none', amount: number, unrefunded: number) =>
      cancelledNotes({
        kind: 'cancelled',
        given,
        amount,
        status: unrefunded > 0 ? 'failed' : 'done',
        unrefunded,
      })
    expect(cancelled('refund', 5000, 0)).toEqual([{ key: 'manage.refunded', amount: 5000 }])
    // one payment refunded, another refused: both are said
    expect(cancelled('refund', 4200, 800)).toEqual([
      { key: 'manage.refunded', amount: 4200 },
      { key: 'manage.refundLater', amount: 800 },
    ])
    expect(cancelled('refund', 0, 4200)).toEqual([{ key: 'manage.refundLater', amount: 4200 }])
    expect(cancelled('credit', 5000, 0)).toEqual([{ key: 'manage.credited', amount: 5000 }])
    expect(cancelled('none', 0, 0)).toEqual([])
    expect(cancelled('refund', 0, 0)).toEqual([])
  })
})
