import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Company } from '#contract/index'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from '../studio-queries'

/** A change of the company's booking settings: the gifts, or the home pop-up. */
export type BookerChange = (booker: Company['booker']) => Company['booker']

const changed = (company: Company, change: BookerChange): Company => ({
  ...company,
  booker: change(company.booker),
})

/**
 * Writes the company's settings as the theme editor does (docs/decisions/084-collections-and-
 * theme-editor.md): the whole company through `companies.update`, the owner's call, which
 * records the `company` publish event and rebuilds the site. The change shows at once and comes
 * back as it was when the server refuses.
 */
export function useCompanySettings() {
  const client = useQueryClient()
  const key = studioKeys.company
  return useMutation({
    mutationFn: (change: BookerChange) => {
      const current = client.getQueryData<Company>(key)
      if (!current) throw new Error('no company')
      const { token, ...rest } = changed(current, change)
      return islandApi.companies.update({ params: { id: token }, body: rest })
    },
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<Company>(key)
      if (before) client.setQueryData<Company>(key, changed(before, change))
      return { before }
    },
    onError: (_error, _change, context?: { before: Company | undefined }) =>
      client.setQueryData(key, context?.before),
    onSuccess: (saved) => client.setQueryData(key, saved),
  })
}
