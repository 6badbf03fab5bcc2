import { usersLinkProvider, usersUnlinkProvider } from '#contract/calls/users.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import {
  getAccount,
  linkSocial,
  ownCustomerView,
  unlinkSocial,
} from '#server/services/accounts/index.ts'

/** Linking and unlinking Google or Facebook sign-in to the signed-in customer's account. */
export const socialRoutes: RouteSpec[] = [
  handle(usersLinkProvider, async ({ c, company, subject, body }) => {
    await linkSocial(c.var.deps, company, subject.id, body)
    return ownCustomerView(
      c.var.deps.db,
      await getAccount(c.var.deps.db, company.id, 'customer', subject.id),
    )
  }),

  handle(usersUnlinkProvider, async ({ c, company, subject, body }) => {
    await unlinkSocial(c.var.deps, company.id, subject.id, body.provider)
    return ownCustomerView(
      c.var.deps.db,
      await getAccount(c.var.deps.db, company.id, 'customer', subject.id),
    )
  }),
]
