import { loyaltyCalls } from '#contract/calls/loyalty.ts'
import { handle, type RouteSpec } from '#server/http/route.ts'
import { activeProgram, cardView, exchangeTier, findCard } from '#server/services/loyalty/index.ts'

/**
 * Loyalty (docs/product/7-calls.md, customer bearer). current answers null when the customer has no card or the
 * company has no active programme (the drawer then hides the link). exchange spends a tier's
 * points: 409 `notEnoughPoints` when the balance is short (a state conflict, like stock),
 * 404 `noLoyaltyCard`, `unknownPalier`, `noLoyaltyProgram`.
 */
export const loyaltyRoutes: RouteSpec[] = [
  handle(loyaltyCalls.current, async ({ c, company, subject }) => {
    const { db } = c.var.deps
    const program = await activeProgram(db, company.id)
    const card = program ? await findCard(db, company.id, subject.id) : undefined
    return program && card ? cardView(card, program) : null
  }),

  handle(loyaltyCalls.exchange, async ({ c, company, subject, body }) =>
    exchangeTier(c.var.deps.db, {
      companyId: company.id,
      customerId: subject.id,
      palierId: body.palierId,
    }),
  ),
]
