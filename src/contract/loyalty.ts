import * as z from 'zod/mini'
import { flag, id, instant, maybe, minorAmount, translatedText } from './common'

/**
 * docs/product/3-entities.md loyalty tier ("palier"): exchanged for `points`, it gives a service (serviceId) or an
 * amount off (minor units).
 */
export const loyaltyTier = z.object({
  id,
  name: translatedText,
  points: z.int().check(z.positive()),
  rewardType: z.enum(['service', 'amount']),
  serviceId: maybe(id),
  amount: maybe(minorAmount),
  /** longer wording of the reward, when the name is not enough */
  reward: z._default(translatedText, {}),
})
export type LoyaltyTier = z.infer<typeof loyaltyTier>

/** The company's programme: how points are earned and what they buy. */
export const loyaltyProgram = z.object({
  active: flag(false),
  name: z._default(translatedText, {}),
  description: z._default(translatedText, {}),
  /** points earned per whole currency unit spent */
  pointsPerEuro: z._default(z.number().check(z.nonnegative()), 1),
  paliers: z._default(z.array(loyaltyTier), []),
})
export type LoyaltyProgram = z.infer<typeof loyaltyProgram>

/**
 * docs/product/3-entities.md loyalty card, as GET /api/loyalty/current returns it (null when the customer has
 * none): the balance and the tiers it can be exchanged for.
 */
export const loyaltyCard = z.object({
  number: z.string().check(z.minLength(1)),
  points: z.int().check(z.nonnegative()),
  createdAt: maybe(instant),
  name: z._default(translatedText, {}),
  paliers: z._default(z.array(loyaltyTier), []),
})
export type LoyaltyCard = z.infer<typeof loyaltyCard>

export const loyaltyExchangeRequest = z.object({ palierId: id })
