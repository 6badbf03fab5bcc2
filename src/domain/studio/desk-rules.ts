import type { StudioScope } from './roles'

/**
 * Who may book, move and cancel at the desk (docs/decisions/077-desk-booking.md), on top of the
 * studio roles (docs/decisions/072-studio-roles.md). Pure: the server refuses with it and the
 * studio offers only what it allows.
 */

/** Why a desk action is refused: a shop not the user's, or a column not theirs. */
export type DeskRefusal = 'shop' | 'resource'

/**
 * May the user book (or move a visit) at this shop into these columns? The owner: any shop of
 * the company; a manager: their shops, any column; a practitioner: their shops and only their
 * own columns, so every slot must name one of their resources (none named: refused, the server
 * would otherwise pick anyone free).
 */
export function deskRefusal(
  scope: StudioScope,
  shopId: string,
  resourceIds: readonly (string | undefined)[],
): DeskRefusal | undefined {
  if (scope.role === 'owner') return undefined
  if (!scope.shopIds.includes(shopId)) return 'shop'
  if (scope.role === 'manager') return undefined
  const own = scope.resourceIds ?? []
  if (resourceIds.length === 0) return 'resource'
  return resourceIds.every((id) => id !== undefined && own.includes(id)) ? undefined : 'resource'
}

/** What a studio cancellation gives back when the owner overrides the policy. */
export type OverrideGives = 'none' | 'credit'

/**
 * A cancellation from the studio follows the shop's policy as the customer has it; only the
 * owner may override it (cancel past the deadline, or where the shop allows no online
 * cancellation, giving back nothing or a credit). Anyone else asking for an override: refused.
 */
export function cancelTerms(
  scope: StudioScope,
  override: OverrideGives | undefined,
):
  | { readonly kind: 'policy' }
  | { readonly kind: 'override'; readonly gives: OverrideGives }
  | 'forbidden' {
  if (override === undefined) return { kind: 'policy' }
  return scope.role === 'owner' ? { kind: 'override', gives: override } : 'forbidden'
}
