import * as z from 'zod/mini'
import { flag } from './common'
import { DEFAULT_VISIT_POLICY, MAX_VISIT_POLICY_DEADLINE_HOURS } from './constants'

/** What a cancellation in time gives back: a refund to the provider paid, a credit, nothing. */
export const CANCEL_GIVES = ['refund', 'credit', 'none'] as const
export type CancelGives = (typeof CANCEL_GIVES)[number]

/**
 * Our addition (docs/decisions/038-visit-policy.md), a shop setting (shop.booker.policy): may
 * customers reschedule or cancel their visit online, until how many hours before it, and what
 * a cancellation in time gives back. Every field has a default, so a shop that sets nothing
 * gets the policy a salon would choose.
 */
export const visitPolicy = z.prefault(
  z.object({
    reschedule: flag(DEFAULT_VISIT_POLICY.reschedule),
    cancel: flag(DEFAULT_VISIT_POLICY.cancel),
    deadlineHours: z._default(
      z.int().check(z.gte(0), z.lte(MAX_VISIT_POLICY_DEADLINE_HOURS)),
      DEFAULT_VISIT_POLICY.deadlineHours,
    ),
    cancelGives: z._default(z.enum(CANCEL_GIVES), DEFAULT_VISIT_POLICY.cancelGives),
  }),
  {},
)
export type VisitPolicy = z.infer<typeof visitPolicy>
