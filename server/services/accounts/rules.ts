import type { StudioRole } from '#domain/studio/roles.ts'

/**
 * Who sets a studio role (docs/decisions/072-studio-roles.md): the owner, through the cmpusers
 * update. Pure rules, tested beside this file; staff-role.ts applies them.
 */

export interface RoleChange {
  /** the owner changes their own account */
  readonly self: boolean
  readonly studioRole?: StudioRole | undefined
  readonly resourceIds?: readonly string[] | undefined
}

/**
 * The owner may not make themself anything else: the company would lose its only way to its
 * settings and staff. (Another owner can still be named first, then this one changed by them.)
 */
export function demotesSelf(change: RoleChange): boolean {
  return change.self && change.studioRole !== undefined && change.studioRole !== 'owner'
}

/** What the change writes into the profile: only the fields given (absent: unchanged). */
export function roleProfile(change: RoleChange): {
  studioRole?: StudioRole
  resourceIds?: string[]
} {
  return {
    ...(change.studioRole === undefined ? {} : { studioRole: change.studioRole }),
    ...(change.resourceIds === undefined ? {} : { resourceIds: [...new Set(change.resourceIds)] }),
  }
}
