import * as z from 'zod/mini'
import { maybe } from './common'

/**
 * How a new account proves it is real (decision 057): a code by e-mail, by SMS, or both. Unset,
 * the API sends an e-mail code alone when the company has no SMS provider, both when it has one;
 * an SMS that no provider can carry is never asked for (server/services/accounts/signup-channels.ts).
 */
export const signupCodes = z.enum(['email', 'sms', 'both'])
export type SignupCodes = z.infer<typeof signupCodes>

/** Message fields of booker, spread into companyBooker. */
export const bookerMessageFields = {
  signupCodes: maybe(signupCodes),
}
