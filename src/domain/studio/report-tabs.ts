import type { StudioScope } from './roles'

export type ReportTab = 'figures' | 'history' | 'gifts' | 'payments'

/**
 * The report screens a role opens (docs/decisions/072-studio-roles.md and 076): the owner every
 * one; a manager the bookings history of their shops (the server narrows it and refuses the
 * rest); a practitioner none.
 */
export function reportTabs(scope: Pick<StudioScope, 'role' | 'ownerTools'>): ReportTab[] {
  if (scope.ownerTools) return ['figures', 'history', 'gifts', 'payments']
  return scope.role === 'manager' ? ['history'] : []
}
