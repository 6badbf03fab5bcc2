import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CollectionItem, CollectionItemInput, CollectionSchemaInput } from '#contract/index'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from './studio-queries'

/**
 * The company's collections (docs/decisions/084-collections-and-theme-editor.md): schemas and
 * the items of one type. Each write is an ordinary API write (it publishes and rebuilds the
 * site); an added row is read back, a removed one disappears at once and returns on refusal.
 */
export function useCollectionSchemas() {
  const client = useQueryClient()
  const key = studioKeys.collectionSchemas
  const schemas = useQuery({ queryKey: key, queryFn: () => islandApi.collections.schemasList() })
  const create = useMutation({
    mutationFn: (body: CollectionSchemaInput) => islandApi.collections.schemasCreate({ body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
  return { schemas, create }
}

export function useCollectionItems(type: string) {
  const client = useQueryClient()
  const key = studioKeys.collectionItems(type)
  const items = useQuery({
    queryKey: key,
    queryFn: () => islandApi.collections.itemsByType({ params: { type } }),
  })
  const settle = () => client.invalidateQueries({ queryKey: key })
  const create = useMutation({
    mutationFn: (body: CollectionItemInput) => islandApi.collections.itemsCreate({ body }),
    onSettled: settle,
  })
  const drop = useMutation({
    mutationFn: (id: string) => islandApi.collections.itemsRemove({ params: { id } }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<CollectionItem[]>(key)
      client.setQueryData<CollectionItem[]>(key, (rows) => rows?.filter((row) => row.id !== id))
      return { before }
    },
    onError: (_e, _id, context?: { before: CollectionItem[] | undefined }) =>
      client.setQueryData(key, context?.before),
    onSettled: settle,
  })
  return { items, create, drop }
}

/** The studio's language: texts typed here are stored under it. */
export function studioLocale(): 'fr' | 'en' | 'de' | 'es' | 'it' {
  const lang = document.documentElement.lang
  return lang === 'en' || lang === 'de' || lang === 'es' || lang === 'it' ? lang : 'fr'
}
