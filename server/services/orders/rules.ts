import type { StudioScope } from '#domain/studio/roles.ts'

/**
 * The studio roles as the server applies them (docs/decisions/072-studio-roles.md): pure
 * functions of the scope `studioScope` gives (src/domain/studio/roles.ts), which the services
 * turn into their WHERE clauses and refusals. Tested beside this file.
 */

/** What of the company's orders and customers a company user reaches. */
export interface Reach {
  /** only orders of these shops; undefined: every shop of the company */
  readonly shops?: readonly string[] | undefined
  /** only orders with an appointment of these resources; undefined: any resource */
  readonly resources?: readonly string[] | undefined
}

/** The owner reaches everything: the reach of calls made without a studio user (the system). */
export const EVERYTHING: Reach = {}

/** The owner: every order; a manager: their shops'; a practitioner: their resources' there. */
export function reachOf(scope: StudioScope): Reach {
  if (scope.role === 'owner') return EVERYTHING
  if (scope.role === 'manager') return { shops: scope.shopIds }
  return { shops: scope.shopIds, resources: scope.resourceIds ?? [] }
}

/**
 * The reach of a history or aggregate asked for some shops: those shops within the user's, or
 * 'outside' when one of them is not the user's (refused rather than silently dropped, so a
 * report never looks complete when it is not).
 */
export function historyReach(
  scope: StudioScope,
  requested: readonly string[] | undefined,
): Reach | 'outside' {
  const reach = reachOf(scope)
  if (requested === undefined) return reach
  const allowed = reach.shops
  if (allowed !== undefined && requested.some((shop) => !allowed.includes(shop))) return 'outside'
  return { ...reach, shops: requested }
}

/**
 * Which customers a user reaches: undefined for every customer of the company (owner,
 * managers: customers belong to the company, not to a shop); a practitioner only those with a
 * visit with one of their resources.
 */
export function customerResources(scope: StudioScope): readonly string[] | undefined {
  return scope.role === 'practitioner' ? reachOf(scope).resources : undefined
}

/** Refunds, reports, gift order deletion, company users, access accounts, settings. */
export function mayUseOwnerTools(scope: StudioScope): boolean {
  return scope.ownerTools
}

/**
 * The bookings history's totals: the owner's and the managers' (within their shops), not a
 * practitioner's, who reads their agenda, not the shop's figures.
 */
export function mayReadHistoryTotals(scope: StudioScope): boolean {
  return scope.role !== 'practitioner'
}
