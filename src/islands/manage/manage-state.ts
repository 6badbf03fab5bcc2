import type { ManageView } from '#contract/manage'
import type { CancelGives } from '#contract/visit-policy'
import { errorFacts } from '#i18n/error-messages'
import type { ChosenSlot } from '../booking/slot-picker-state'

/**
 * The state of the manage view (docs/decisions/038-visit-policy.md): loading the visit, reading
 * it, confirming a cancellation, picking a new time then confirming the move, paying the
 * difference of a dearer one first (docs/decisions/042-reschedule-pay-difference.md), the call
 * under way, what was done, and the words of a failure. Pure: ManageVisit.tsx renders it,
 * use-manage.ts runs the calls.
 */
export type ManagePhase =
  | 'loading'
  | 'ready'
  | 'confirmCancel'
  | 'picking'
  | 'confirmMove'
  | 'payDifference'
  | 'working'
  | 'done'
  | 'failed'

export type ManageOutcome =
  | {
      readonly kind: 'cancelled'
      readonly given: CancelGives
      /** given back, in all */
      readonly amount: number
      readonly status: 'done' | 'failed'
      /** a refund a provider refused: the shop refunds it */
      readonly unrefunded: number
    }
  | {
      readonly kind: 'moved'
      readonly to: string
      readonly credited: number
      /** the difference of a dearer move: paid online, or due at the shop (decision 012) */
      readonly difference?: { readonly amount: number; readonly due: boolean }
    }

/** A dearer move waiting for its difference: the new start, and the amount once quoted. */
export interface PendingDifference {
  readonly start: string
  /** the server's difference (initialize's total), null until it answered */
  readonly amount: number | null
}

export interface ManageState {
  readonly phase: ManagePhase
  readonly view: ManageView | null
  readonly slot: ChosenSlot | null
  readonly outcome: ManageOutcome | null
  readonly pay: PendingDifference | null
  /** the words of the last failure (loading, or an action) */
  readonly error: string | null
}

export type ManageAction =
  | { type: 'loaded'; view: ManageView }
  | { type: 'loadFailed'; error: string }
  | { type: 'askCancel' }
  | { type: 'askMove' }
  | { type: 'pick'; slot: ChosenSlot }
  | { type: 'back' }
  | { type: 'differenceDue'; start: string }
  | { type: 'quoted'; amount: number }
  | { type: 'working' }
  | { type: 'done'; outcome: ManageOutcome; view: ManageView | null }
  | { type: 'failed'; error: string }

export const initialManageState: ManageState = {
  phase: 'loading',
  view: null,
  slot: null,
  outcome: null,
  pay: null,
  error: null,
}

export function manageReducer(state: ManageState, action: ManageAction): ManageState {
  switch (action.type) {
    case 'loaded':
      return { ...state, phase: 'ready', view: action.view, error: null }
    case 'loadFailed':
      return { ...state, phase: 'failed', view: null, error: action.error }
    case 'askCancel':
      return state.view?.cancel.allowed ? { ...state, phase: 'confirmCancel', error: null } : state
    case 'askMove':
      return state.view?.reschedule.allowed
        ? { ...state, phase: 'picking', slot: null, error: null }
        : state
    case 'pick':
      return state.phase === 'picking'
        ? { ...state, phase: 'confirmMove', slot: action.slot }
        : state
    case 'differenceDue':
      // the move costs more: nothing moved yet, the difference is paid first
      return { ...state, phase: 'payDifference', pay: { start: action.start, amount: null } }
    case 'quoted':
      return state.pay ? { ...state, pay: { ...state.pay, amount: action.amount } } : state
    case 'back':
      // a dialog closing after its confirmation (phase working) changes nothing
      if (state.phase === 'confirmMove') return { ...state, phase: 'picking', slot: null }
      // "keep my visit": nothing moved, the held slot lapses by itself
      if (state.phase === 'payDifference') {
        return { ...state, phase: 'ready', slot: null, pay: null }
      }
      if (state.phase === 'confirmCancel' || state.phase === 'picking') {
        return { ...state, phase: 'ready', slot: null }
      }
      return state
    case 'working':
      return { ...state, phase: 'working', error: null }
    case 'done':
      return {
        ...state,
        phase: 'done',
        outcome: action.outcome,
        view: action.view ?? state.view,
        slot: null,
        pay: null,
      }
    case 'failed':
      // the visit is still there: back to it, with the words of the failure
      return {
        ...state,
        phase: state.view ? 'ready' : 'failed',
        slot: null,
        pay: null,
        error: action.error,
      }
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The shop wall-clock start of a picked slot, as the reschedule call takes it. */
export function slotStart(slot: ChosenSlot): string {
  return `${slot.date}T${pad(Math.floor(slot.start / 60))}:${pad(slot.start % 60)}`
}

/** The link of the e-mail, from the page's fragment (#<link>); none when absent. */
export function linkFromHash(hash: string): string | undefined {
  const link = decodeURIComponent(hash.replace(/^#/, '')).trim()
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(link) ? link : undefined
}

/** The manage call's answer for a dearer move the shop takes payment for (docs/api/errors.md). */
export function isDifferenceDue(error: unknown): boolean {
  return errorFacts(error).type === 'rescheduleDifferenceDue'
}

type CancelledNote = {
  key: 'manage.refunded' | 'manage.credited' | 'manage.refundLater'
  amount: number
}

/**
 * What a cancellation's words say after "cancelled", each with its amount: what was refunded
 * or credited, and what a provider refused, which the shop will refund (a refund may be both,
 * given back by one payment and refused by another: docs/decisions/038-visit-policy.md).
 */
export function cancelledNotes(
  outcome: Extract<ManageOutcome, { kind: 'cancelled' }>,
): CancelledNote[] {
  if (outcome.given === 'none') return []
  const notes: CancelledNote[] = []
  const given = outcome.given === 'credit' ? 'manage.credited' : 'manage.refunded'
  if (outcome.amount > 0) notes.push({ key: given, amount: outcome.amount })
  if (outcome.unrefunded > 0) notes.push({ key: 'manage.refundLater', amount: outcome.unrefunded })
  return notes
}
