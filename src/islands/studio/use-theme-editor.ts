import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Company, CompanyThemes } from '#contract/index'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from './studio-queries'

/**
 * What the screen edits: the theme, the logo's address (the media library's seam) and size, and
 * the site's settings of docs/decisions/089-site-settings-and-key-store.md (menus, home hero,
 * languages, legal texts, third parties, payment provider: all in `booker`, and the menu labels).
 */
export interface SiteDraft {
  readonly themes: CompanyThemes
  readonly logo: string | undefined
  readonly logoSize: number
  readonly booker: Company['booker']
  readonly menuLabels: Company['menuLabels']
}

export const draftOf = (company: Company): SiteDraft => ({
  themes: company.themes,
  logo: company.identity.logo,
  logoSize: company.identity.logoSize,
  booker: company.booker,
  menuLabels: company.menuLabels,
})

export function withDraft(company: Company, draft: SiteDraft): Company {
  return {
    ...company,
    themes: draft.themes,
    identity: { ...company.identity, logo: draft.logo, logoSize: draft.logoSize },
    booker: draft.booker,
    menuLabels: draft.menuLabels,
  }
}

/**
 * The company's settings as the owner edits them (docs/decisions/084-collections-and-theme-
 * editor.md): read with the owner's company call, written back whole by `companies.update`,
 * an ordinary API write that records the publish event and so rebuilds the site. The saved
 * theme shows at once and comes back as it was when the server refuses.
 */
export function useThemeEditor() {
  const client = useQueryClient()
  const key = studioKeys.company
  const company = useQuery({
    queryKey: key,
    queryFn: async () => {
      const [own] = await islandApi.companies.list()
      if (!own) throw new Error('no company')
      return own
    },
  })
  const publish = useMutation({
    mutationFn: (draft: SiteDraft) => {
      const current = client.getQueryData<Company>(key)
      if (!current) throw new Error('no company')
      const { token, ...rest } = withDraft(current, draft)
      return islandApi.companies.update({ params: { id: token }, body: rest })
    },
    onMutate: async (draft) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<Company>(key)
      if (before) client.setQueryData<Company>(key, withDraft(before, draft))
      return { before }
    },
    onError: (_error, _draft, context?: { before: Company | undefined }) =>
      client.setQueryData(key, context?.before),
    onSuccess: (saved) => client.setQueryData(key, saved),
  })
  return { company, publish }
}
