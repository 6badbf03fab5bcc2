/**
 * docs/product/4-states.md registration, as the register page walks it: step 1 (phone, e-mail, password) records
 * the sign-up, step 2 sends the codes the company asks for (by e-mail, by SMS, or both) and says
 * which; the codes are then verified, which opens the session. Step 2 for an address already
 * verified is a sign-in and answers a token at once.
 */
export type RegisterState =
  | { step: 'details' }
  | {
      step: 'codes'
      userID: string
      email: string
      phone: string
      requireSMSCode: boolean
      requireEmailCode: boolean
    }
  | { step: 'done'; token: string }

export interface Step2Reply {
  user: { id: string }
  token?: string | undefined
  requireSMSCode: boolean
  /** absent: the e-mail code is asked (the spec's flow, which always sends one) */
  requireEmailCode?: boolean | undefined
}

export function afterStep2(
  details: { email: string; phone: string },
  userID: string,
  reply: Step2Reply,
): RegisterState {
  if (reply.token) return { step: 'done', token: reply.token }
  return {
    step: 'codes',
    userID: reply.user.id || userID,
    email: details.email.trim(),
    phone: details.phone.trim(),
    requireSMSCode: reply.requireSMSCode,
    requireEmailCode: reply.requireEmailCode ?? true,
  }
}

/**
 * The body of POST /api/users/register/verify/code: `code` is the e-mail's, `smsCode` the SMS's;
 * when the SMS code is the only one asked, it goes in both (the call requires `code`).
 */
export function verifyBody(
  state: Extract<RegisterState, { step: 'codes' }>,
  emailCode: string,
  smsCode: string,
): { userID: string; code: string; smsCode?: string } {
  const clean = (value: string) => value.replace(/\s+/g, '')
  if (!state.requireEmailCode) {
    return { userID: state.userID, code: clean(smsCode), smsCode: clean(smsCode) }
  }
  return state.requireSMSCode
    ? { userID: state.userID, code: clean(emailCode), smsCode: clean(smsCode) }
    : { userID: state.userID, code: clean(emailCode) }
}
