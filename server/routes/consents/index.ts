import { consentsCalls } from '#contract/calls/consents.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import {
  archiveTemplate,
  consentView,
  createTemplate,
  customerSignatures,
  listTemplates,
  readTemplate,
  signConsent,
  updateTemplate,
  visitStates,
} from '#server/services/consents/index.ts'

/**
 * The spec's consentements (docs/decisions/080-consent-record.md): templates read by every
 * company user and written by the owner (the contract marks the writes ownerOnly: refused before
 * the input is read); the agenda's badges and a customer's signatures within the user's reach
 * (decision 072); the visitor's page and signature through the e-mail's link or their own order.
 */
export const consentsRoutes: RouteSpec[] = [
  handle(consentsCalls.list, async ({ c, company }) => listTemplates(c.var.deps.db, company.id)),

  handle(consentsCalls.get, async ({ c, company, params }) =>
    readTemplate(c.var.deps.db, company.id, params.id),
  ),

  handle(consentsCalls.create, async ({ c, company, body, subject }) =>
    createTemplate(c.var.deps.db, company, body, subject.id),
  ),

  handle(consentsCalls.update, async ({ c, company, params, body, subject }) =>
    updateTemplate(c.var.deps.db, company, params.id, body, subject.id),
  ),

  handle(consentsCalls.remove, async ({ c, company, params }) => {
    await archiveTemplate(c.var.deps.db, company.id, params.id)
    return { ok: true as const }
  }),

  handle(consentsCalls.visits, async ({ c, company, query, staff }) =>
    visitStates(c.var.deps.db, company.id, await staff(), query.from, query.to),
  ),

  handle(consentsCalls.signed, async ({ c, company, query, staff }) =>
    customerSignatures(c.var.deps.db, company.id, await staff(), query.customerId),
  ),

  handle(consentsCalls.form, async ({ c, company, subject, body }) =>
    consentView(c.var.deps.db, company, subject, body),
  ),

  handle(consentsCalls.sign, async ({ c, company, subject, body }) =>
    signConsent(c.var.deps.db, company, subject, body, clientAddress(c)),
  ),
]
