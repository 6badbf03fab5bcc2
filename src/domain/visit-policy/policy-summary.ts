import type { VisitPolicy } from '#contract/visit-policy'

/** The catalog keys that put a shop's visit policy into words, with their parameter. */
export type PolicyLine =
  | {
      readonly key:
        | 'manage.policy.both'
        | 'manage.policy.cancelOnly'
        | 'manage.policy.rescheduleOnly'
      readonly hours: number
    }
  | {
      readonly key:
        | 'manage.policy.neither'
        | 'manage.policy.gives.refund'
        | 'manage.policy.gives.credit'
        | 'manage.policy.gives.none'
    }

/**
 * What the booking cart, the confirmation and the manage page say of a policy
 * (docs/decisions/038-visit-policy.md): what the customer may do online and until when, then,
 * when cancelling is allowed, what it gives back.
 */
export function policySummary(policy: VisitPolicy): PolicyLine[] {
  const hours = policy.deadlineHours
  const first: PolicyLine =
    policy.cancel && policy.reschedule
      ? { key: 'manage.policy.both', hours }
      : policy.cancel
        ? { key: 'manage.policy.cancelOnly', hours }
        : policy.reschedule
          ? { key: 'manage.policy.rescheduleOnly', hours }
          : { key: 'manage.policy.neither' }
  if (!policy.cancel) return [first]
  return [first, { key: `manage.policy.gives.${policy.cancelGives}` }]
}
