import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CompanySecretName, CompanySecretStates } from '#contract/index'
import { islandApi } from '#islands/shared/island-api'

const KEY = ['studio', 'company-secrets'] as const

type Change = { name: CompanySecretName; value: string | undefined }

/**
 * The write-only key store (docs/decisions/089-site-settings-and-key-store.md): the states only
 * ever come back ("set", "not set"); a change shows at once and is put back if refused.
 */
export function useKeyStore() {
  const client = useQueryClient()
  const states = useQuery({
    queryKey: KEY,
    queryFn: () => islandApi.companySecrets.list(),
  })
  const change = useMutation({
    mutationFn: ({ name, value }: Change) =>
      value === undefined
        ? islandApi.companySecrets.clear({ params: { name } })
        : islandApi.companySecrets.put({ params: { name }, body: { value } }),
    onMutate: async ({ name, value }: Change) => {
      await client.cancelQueries({ queryKey: KEY })
      const before = client.getQueryData<CompanySecretStates>(KEY)
      if (before) {
        client.setQueryData<CompanySecretStates>(KEY, {
          secrets: before.secrets.map((s) =>
            s.name === name ? { name, set: value !== undefined } : s,
          ),
        })
      }
      return { before }
    },
    onError: (_error, _change, context?: { before: CompanySecretStates | undefined }) =>
      client.setQueryData(KEY, context?.before),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  })
  return { states, change }
}
