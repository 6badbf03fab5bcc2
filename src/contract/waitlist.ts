import * as z from 'zod/mini'
import { WAITLIST_STATES } from '#domain/waitlist/rules'
import { flag, id, instant, isoDate, languageCode, timeOfDay } from './common'
import { DEFAULT_WAITLIST_OFFER_MINUTES } from './constants'

/**
 * The waitlist of a full day (docs/decisions/040-waitlist.md, docs/api/calls.md "Waitlist"):
 * a signed-in customer joins for one shop, the visit's services, a day without a free slot and
 * a window of the shop's local time ('HH:MM', from before to).
 */

/** A visit of the slot picker has at most this many services. */
export const MAX_WAITLIST_SERVICES = 5

export const waitlistJoinRequest = z.object({
  shopId: id,
  servicesId: z.array(id).check(z.minLength(1), z.maxLength(MAX_WAITLIST_SERVICES)),
  day: isoDate,
  from: timeOfDay,
  to: z.union([timeOfDay, z.literal('24:00')]),
  /** the language of the offer's e-mail (default the company's first) */
  locale: z.optional(languageCode),
})
export type WaitlistJoinRequest = z.infer<typeof waitlistJoinRequest>

export const waitlistState = z.enum(WAITLIST_STATES)

/** An entry as its customer sees it; `offer` while a slot is held for them. */
export const waitlistEntry = z.object({
  id,
  shopId: id,
  servicesId: z.array(id),
  day: isoDate,
  from: z.string(),
  to: z.string(),
  state: waitlistState,
  offer: z.nullable(
    z.object({
      /** the booking order (= cart) holding the slot */
      bookingOrderId: id,
      /** shop local 'YYYY-MM-DDTHH:MM' */
      start: z.string(),
      expiresAt: instant,
    }),
  ),
  createdAt: instant,
})
export type WaitlistEntry = z.infer<typeof waitlistEntry>

/** The offer link's token (single purpose, expiring with the offer). */
export const waitlistOfferRequest = z.object({
  token: z.string().check(z.minLength(20), z.maxLength(200)),
})

/** `held`: pay the booking order through the booking cart; `booked`: nothing left to do. */
export const waitlistOfferResponse = z.object({
  entry: waitlistEntry,
  status: z.enum(['held', 'booked']),
})

/**
 * The company's waitlist settings (booker.waitlist): on by default; how long an offer holds its
 * slot; whether offers also go by SMS to the customer's phone.
 */
export const bookerWaitlist = z.prefault(
  z.object({
    active: flag(true),
    offerMinutes: z._default(
      z.number().check(z.positive(), z.lte(1440)),
      DEFAULT_WAITLIST_OFFER_MINUTES,
    ),
    sms: flag(false),
  }),
  {},
)
