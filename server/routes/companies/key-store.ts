import { companySecretsCalls } from '#contract/calls/company-secrets.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { clearSecret, secretStates, storeSecret } from '#server/services/payments/index.ts'

/**
 * The owner's write-only key store (docs/decisions/089-site-settings-and-key-store.md): every
 * answer is the list of names, each set or not; no call returns a value. The contract marks
 * the calls ownerOnly, so a manager or a practitioner is refused before this runs. Nothing on
 * the site changes with a secret, so no publish event is recorded.
 */
export const keyStoreRoutes: RouteSpec[] = [
  handle(companySecretsCalls.list, async ({ c, company }) =>
    secretStates(c.var.deps.db, company.id),
  ),

  handle(companySecretsCalls.put, async ({ c, company, params, body }) => {
    await storeSecret(c.var.deps.db, company.id, params.name, body.value)
    return secretStates(c.var.deps.db, company.id)
  }),

  handle(companySecretsCalls.clear, async ({ c, company, params }) => {
    await clearSecret(c.var.deps.db, company.id, params.name)
    return secretStates(c.var.deps.db, company.id)
  }),
]
