import type { SignupCodes } from '#contract/booker-messages.ts'
import type { CodeChannel, CompanyRow } from '#server/db/schema/index.ts'

/**
 * The codes a new account of this company must give (decision 057), in the order they are sent.
 * An SMS is asked for only when a provider can carry it: a company asking for SMS codes without
 * one still gets its customers signed up, by e-mail, rather than a code that never arrives.
 * Unset, a company with an SMS provider asks for both codes (the spec's registration), one
 * without asks for the e-mail code alone.
 */
export function signupChannels(
  setting: SignupCodes | undefined,
  smsPossible: boolean,
): readonly CodeChannel[] {
  if (!smsPossible) return ['email']
  switch (setting) {
    case 'email':
      return ['email']
    case 'sms':
      return ['sms']
    default:
      return ['email', 'sms']
  }
}

/** The company's setting as stored (company.data.booker.signupCodes), read defensively. */
export function signupSetting(company: CompanyRow): SignupCodes | undefined {
  const booker = company.data.booker as { signupCodes?: unknown } | undefined
  const value = booker?.signupCodes
  return value === 'email' || value === 'sms' || value === 'both' ? value : undefined
}
