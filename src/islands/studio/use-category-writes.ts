import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'

export interface CategoryWrite<C extends { id: string }> {
  /** absent: a new category */
  readonly id?: string | undefined
  readonly body: Omit<C, 'id'>
}

/**
 * Rewrites categories (service or e-shop ones: create, rename, reorder) one call after the
 * other (docs/decisions/088-studio-products-and-service-options.md). A change to existing ones
 * shows at once and is put back when the server refuses; the list is read back after.
 */
export function useCategoryWrites<C extends { id: string }>(
  key: QueryKey,
  write: (one: CategoryWrite<C>) => Promise<unknown>,
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (writes: readonly CategoryWrite<C>[]) => {
      for (const one of writes) await write(one)
    },
    onMutate: async (writes) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<C[]>(key)
      const changed = new Map(writes.flatMap((w) => (w.id ? [[w.id, w.body] as const] : [])))
      client.setQueryData<C[]>(key, (rows) =>
        rows?.map((row) => {
          const body = changed.get(row.id)
          return body ? ({ ...body, id: row.id } as C) : row
        }),
      )
      return { before }
    },
    onError: (_e, _w, context?: { before: C[] | undefined }) =>
      client.setQueryData(key, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
}
