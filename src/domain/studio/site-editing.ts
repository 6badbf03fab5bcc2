import type { StudioScope } from './roles'

/**
 * Who writes the site's magazine and previews it (docs/decisions/082-post-preview.md): the owner
 * and managers; a practitioner runs their agenda, not the company's pages.
 */
export const mayEditSite = (scope: Pick<StudioScope, 'role'>): boolean =>
  scope.role !== 'practitioner'
