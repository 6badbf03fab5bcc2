import {
  usersRegisterStep1,
  usersRegisterStep2,
  usersResendCode,
  usersVerifyCode,
} from '#contract/calls/users-register.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { notFound, Refusal } from '#server/kernel/index.ts'
import {
  channelsFor,
  confirmRegistration,
  findRegistration,
  issueCode,
  ownCustomerView,
  pendingUser,
  requestLocale,
  startRegistration,
  verifyRegistration,
} from '#server/services/accounts/index.ts'
import { codeRequired, login } from '#server/services/auth/index.ts'

/**
 * Registration (docs/product/4-states.md): step 1 records the sign-up, step 2 sends the codes the
 * company asks for (an e-mail code, an SMS code or both: signup-channels.ts), verification with
 * them creates the account and answers the session.
 */
export const registerRoutes: RouteSpec[] = [
  handle(usersRegisterStep1, async ({ c, company, body }) =>
    startRegistration(c.var.deps, company, body, clientAddress(c)),
  ),

  handle(usersRegisterStep2, async ({ c, company, body }) => {
    const address = clientAddress(c)
    const locale = requestLocale(c.req.header('curlang'))
    const step = await confirmRegistration(c.var.deps, company, body, { address, locale })
    if (step.kind === 'codesSent') {
      return {
        user: pendingUser(step.registration),
        requireSMSCode: step.channels.includes('sms'),
        requireEmailCode: step.channels.includes('email'),
      }
    }
    // Already verified: step 2 is a sign-in (same rate limit), which needs no code.
    const result = await login(c.var.deps.db, {
      companyId: company.id,
      kind: 'customer',
      email: body.email,
      password: body.password,
      address,
    })
    if (result.ok) {
      return {
        user: await ownCustomerView(c.var.deps.db, result.account),
        token: result.token.token,
        requireSMSCode: false,
      }
    }
    if (result.reason === 'unknown') throw notFound('No registration for this e-mail.')
    // Past the account's budget: the sign-in page asks for the code (docs/decisions/061-sign-in-budget.md).
    if (result.reason === 'codeRequired' || result.reason === 'badCode') throw codeRequired()
    throw new Refusal(403, 'credentials', 'Wrong e-mail or password.')
  }),

  /**
   * Acknowledged whether or not a sign-up is pending, so nobody can probe for one; a code of a
   * channel the company does not ask for is not sent.
   */
  handle(usersResendCode, async ({ c, company, body }) => {
    const pending = await findRegistration(c.var.deps, company.id, { email: body.email })
    if (pending && channelsFor(c.var.deps, company).includes(body.type)) {
      const locale = requestLocale(c.req.header('curlang'))
      await issueCode(c.var.deps, company, pending, body.type, locale)
    }
    return { ok: true } as const
  }),

  handle(usersVerifyCode, async ({ c, company, body }) => {
    const { account, token } = await verifyRegistration(c.var.deps, company, body)
    return { token: token.token, user: await ownCustomerView(c.var.deps.db, account) }
  }),
]
