import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

/** A row of a marketing list: every one the API answers has its id. */
export interface Row {
  readonly id: string
}

/** The calls of one list (alerts, events, coupons), as the contract's client gives them. */
export interface ListCalls<T extends Row, B> {
  readonly key: readonly string[]
  readonly list: () => Promise<T[]>
  readonly create: (body: B) => Promise<T>
  readonly update: (id: string, body: B) => Promise<T>
  readonly remove: (id: string) => Promise<unknown>
}

/**
 * One marketing list with its writes (docs/decisions/090-studio-marketing.md). A save shows at
 * once in the table and a removal takes the row off at once; both come back as they were when
 * the server refuses, and the list is read again either way.
 */
export function useMarketingList<T extends Row, B extends object>(calls: ListCalls<T, B>) {
  const client = useQueryClient()
  const { key } = calls
  const list = useQuery({ queryKey: key, queryFn: calls.list })
  const rollback = (_error: unknown, _input: unknown, context?: { before: T[] | undefined }) =>
    client.setQueryData(key, context?.before)
  const keep = async (change: (rows: T[]) => T[]) => {
    await client.cancelQueries({ queryKey: key })
    const before = client.getQueryData<T[]>(key)
    client.setQueryData<T[]>(key, (rows) => change(rows ?? []))
    return { before }
  }
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: B }) =>
      id === undefined ? calls.create(body) : calls.update(id, body),
    onMutate: ({ id, body }) =>
      keep((rows) =>
        id === undefined
          ? rows
          : rows.map((row) => (row.id === id ? ({ ...row, ...body } as T) : row)),
      ),
    onError: rollback,
    onSuccess: (saved) =>
      client.setQueryData<T[]>(key, (rows) => [
        ...(rows ?? []).filter((row) => row.id !== saved.id),
        saved,
      ]),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
  const remove = useMutation({
    mutationFn: (id: string) => calls.remove(id),
    onMutate: (id) => keep((rows) => rows.filter((row) => row.id !== id)),
    onError: rollback,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
  return { list, save, remove }
}
