import * as z from 'zod/mini'
import { email, id, MAX_ID_LENGTH } from './common'
import { customerProfile } from './customer'

/** A link's id is `<userId>:<artebeauteId>` (server/routes/links): two ids and a colon. */
const linkId = z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH * 2 + 1))

/** A link between a customer account and the company's back-office customer (docs/product/7-calls.md Links). */
export const link = z.object({ id: linkId, userId: id, artebeauteId: id })

/** POST /api/links: the back office looks the person up; a match may need an SMS code. */
export const linkRequest = z.object({
  userId: id,
  email,
  profile: customerProfile,
})
export const linkResponse = z.object({ link, requireSMSCode: z.boolean() })

export const phoneAvailableResponse = z.object({ available: z.boolean() })

/** POST and PUT /api/profiles: the signed-in customer's profile. */
export const profileBody = customerProfile
