import type { MANAGE_REFUSALS } from '#contract/manage'
import type { CancelGives, VisitPolicy } from '#contract/visit-policy'

/**
 * The visit policy rule (docs/decisions/038-visit-policy.md): may the customer cancel or
 * reschedule this visit now, and what does a cancellation give back. Pure: `now` is a parameter.
 */
export type ManageAction = 'cancel' | 'reschedule'

/**
 * Why a customer may not manage a visit now, in the order they are checked: not a confirmed
 * visit, started or over, not allowed online by the shop, past the deadline (the contract's list).
 */
export type ManageRefusal = (typeof MANAGE_REFUSALS)[number]

export type ManageDecision =
  | { readonly allowed: true; readonly deadline: Date; readonly gives: CancelGives }
  | { readonly allowed: false; readonly reason: ManageRefusal; readonly deadline: Date }

export interface ManagedVisit {
  /** the start of the visit's first appointment */
  readonly startsAt: Date
  /** the booking order's status: only a confirmed visit is managed online */
  readonly status: string
}

const HOUR_MS = 3_600_000

/** A visit paid (or due at the shop), possibly already partly credited by a cheaper move. */
const MANAGEABLE_STATUSES: readonly string[] = ['confirmed', 'partiallyRefunded']

/** The last instant the customer may act: `deadlineHours` before the visit starts. */
export function manageDeadline(startsAt: Date, deadlineHours: number): Date {
  return new Date(startsAt.getTime() - deadlineHours * HOUR_MS)
}

/**
 * The decision for one action on one visit at `now`. The deadline itself still counts as in
 * time (now <= deadline); the visit's start does not (a started visit is past).
 */
export function decideManage(
  policy: VisitPolicy,
  action: ManageAction,
  visit: ManagedVisit,
  now: Date,
): ManageDecision {
  const deadline = manageDeadline(visit.startsAt, policy.deadlineHours)
  const refuse = (reason: ManageRefusal): ManageDecision => ({ allowed: false, reason, deadline })
  if (!MANAGEABLE_STATUSES.includes(visit.status)) return refuse('notManageable')
  if (now.getTime() >= visit.startsAt.getTime()) return refuse('visitPast')
  if (!(action === 'cancel' ? policy.cancel : policy.reschedule)) return refuse('notAllowed')
  if (now.getTime() > deadline.getTime()) return refuse('deadlinePassed')
  return { allowed: true, deadline, gives: action === 'cancel' ? policy.cancelGives : 'none' }
}

/** What a cancellation gives back, in minor units: never more than what is still paid. */
export function cancelReturn(gives: CancelGives, paidCents: number): number {
  return gives === 'none' ? 0 : Math.max(paidCents, 0)
}

export type RescheduleSettlement =
  | { readonly kind: 'even' }
  /** the new visit costs less: the difference is credited to the customer */
  | { readonly kind: 'credit'; readonly amountCents: number }
  /**
   * the new visit costs more and the shop takes payments online: the customer pays the
   * difference first (docs/decisions/042-reschedule-pay-difference.md)
   */
  | { readonly kind: 'pay'; readonly amountCents: number }
  /** the new visit costs more and nothing can take the difference online: refused */
  | { readonly kind: 'refuse'; readonly differenceCents: number }

/**
 * A reschedule moves what was paid to the new visit. A cheaper one credits the difference,
 * bounded by what was actually paid (an unpaid, due-at-shop visit has nothing to credit); a
 * dearer one is paid first when the shop takes payments online (`payOnline`), else refused.
 * The amount to pay is exactly the new total less the old one, whatever was paid before: what
 * was still due stays due as it was.
 */
export function rescheduleSettlement(
  oldTotalCents: number,
  newTotalCents: number,
  paidCents: number,
  payOnline = false,
): RescheduleSettlement {
  if (newTotalCents > oldTotalCents) {
    const difference = newTotalCents - oldTotalCents
    return payOnline
      ? { kind: 'pay', amountCents: difference }
      : { kind: 'refuse', differenceCents: difference }
  }
  const credit = Math.min(oldTotalCents - newTotalCents, Math.max(paidCents, 0))
  return credit > 0 ? { kind: 'credit', amountCents: credit } : { kind: 'even' }
}
