import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'

/**
 * Adding to or removing from a stock list: a removal disappears at once and comes back when
 * the server refuses; an addition is read back (the server normalises its lot).
 */
export function useListEdit<Row extends { id: string }, Body>(
  key: QueryKey,
  add: (body: Body) => Promise<Row>,
  remove: (id: string) => Promise<unknown>,
) {
  const client = useQueryClient()
  const settle = () => client.invalidateQueries({ queryKey: key })
  const create = useMutation({ mutationFn: add, onSettled: settle })
  const drop = useMutation({
    mutationFn: remove,
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<Row[]>(key)
      client.setQueryData<Row[]>(key, (rows) => rows?.filter((r) => r.id !== id))
      return { before }
    },
    onError: (_e, _id, context?: { before: Row[] | undefined }) =>
      client.setQueryData(key, context?.before),
    onSettled: settle,
  })
  return { create, drop }
}
