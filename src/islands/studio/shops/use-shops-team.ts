import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ClosedDay, OpenDay } from '#contract/calendar-day'
import type { Resource } from '#contract/resource'
import type { Shop } from '#contract/shop'
import type { NewShopBody } from '#domain/studio/new-shop'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from '../studio-queries'

/**
 * The writes of the shops and team screen (docs/decisions/087-studio-shops-and-team.md): each is
 * an ordinary API write (it publishes the rebuild and forgets the cached availability). A saved
 * shop or resource shows at once, so the catalogue's warnings are recomputed at once; a refusal
 * puts the list back as it was, then every list is read again.
 */
export const dayKeys = {
  closed: ['studio', 'closed-days'] as const,
  open: ['studio', 'open-days'] as const,
}

export function useCalendarDays() {
  const closed = useQuery({
    queryKey: dayKeys.closed,
    queryFn: () => islandApi.content.closedDays(),
  })
  const open = useQuery({ queryKey: dayKeys.open, queryFn: () => islandApi.content.openDays() })
  return { closed, open }
}

/** Puts `row` in the cached list under `key` (replacing its id), and gives back the old list. */
function useOptimistic<T extends { id: string }>(key: QueryKey) {
  const client = useQueryClient()
  return {
    client,
    async apply(row: T): Promise<{ before: T[] | undefined }> {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<T[]>(key)
      client.setQueryData<T[]>(key, (rows) =>
        rows?.some((r) => r.id === row.id)
          ? rows.map((r) => (r.id === row.id ? row : r))
          : [...(rows ?? []), row],
      )
      return { before }
    },
    // nothing was put in the cache (a create, or no list read yet): nothing to put back
    rollback: (context: { before: T[] | undefined } | undefined) => {
      if (context?.before) client.setQueryData(key, context.before)
    },
    settle: () => client.invalidateQueries({ queryKey: key }),
  }
}

export function useSaveShop() {
  const cache = useOptimistic<Shop>(studioKeys.shops)
  return useMutation({
    mutationFn: ({ id, ...body }: Shop) => islandApi.shops.update({ params: { id }, body }),
    onMutate: (shop) => cache.apply(shop),
    onError: (_e, _shop, context) => cache.rollback(context),
    onSettled: cache.settle,
  })
}

/**
 * A new shop (docs/decisions/094-shop-lifecycle.md): its position is looked up first, best
 * effort (none found, or no geocoder: the address form offers the lookup and the typed position).
 * It shows once the server gave it an id.
 */
export function useCreateShop() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (body: NewShopBody) => {
      const found = await islandApi.shops
        .geocode({ body: body.publicInfo.address ?? {} })
        .catch(() => ({ position: null }))
      const at = found.position ? { localisation: { coordonate: found.position } } : {}
      return islandApi.shops.create({ body: { ...body, ...at } })
    },
    onSuccess: (shop) =>
      client.setQueryData<Shop[]>(studioKeys.shops, (rows) => [...(rows ?? []), shop]),
    onSettled: () => client.invalidateQueries({ queryKey: studioKeys.shops }),
  })
}

/** A removed shop leaves the list at once and comes back when the server refuses. */
export function useRemoveShop() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => islandApi.shops.remove({ params: { id } }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: studioKeys.shops })
      const before = client.getQueryData<Shop[]>(studioKeys.shops)
      client.setQueryData<Shop[]>(studioKeys.shops, (rows) => rows?.filter((r) => r.id !== id))
      return { before }
    },
    onError: (_e, _id, context) => {
      if (context?.before) client.setQueryData(studioKeys.shops, context.before)
    },
    onSettled: () => client.invalidateQueries({ queryKey: studioKeys.shops }),
  })
}

/** A new resource has no id yet: it is shown once the server gave it one. */
const NEW = ''

export function useSaveResource() {
  const cache = useOptimistic<Resource>(studioKeys.resources)
  return useMutation({
    mutationFn: ({ id, ...body }: Resource) =>
      id === NEW
        ? islandApi.resources.create({ body })
        : islandApi.resources.update({ params: { id }, body }),
    onMutate: (resource) =>
      resource.id === NEW ? Promise.resolve({ before: undefined }) : cache.apply(resource),
    onError: (_e, _r, context) => cache.rollback(context),
    onSettled: cache.settle,
  })
}
export const NEW_RESOURCE_ID = NEW

type DayWrite =
  | { readonly kind: 'closed'; readonly day: Omit<ClosedDay, 'id'> }
  | { readonly kind: 'open'; readonly day: Omit<OpenDay, 'id'> }

export function useDayWrites() {
  const client = useQueryClient()
  const settle = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: dayKeys.closed }),
      client.invalidateQueries({ queryKey: dayKeys.open }),
    ])
  const add = useMutation({
    mutationFn: (write: DayWrite) =>
      write.kind === 'closed'
        ? islandApi.calendarDays.closedCreate({ body: write.day })
        : islandApi.calendarDays.openCreate({ body: write.day }),
    onSettled: settle,
  })
  const remove = useMutation({
    mutationFn: ({ kind, id }: { kind: 'closed' | 'open'; id: string }) =>
      kind === 'closed'
        ? islandApi.calendarDays.closedRemove({ params: { id } })
        : islandApi.calendarDays.openRemove({ params: { id } }),
    onMutate: async ({ kind, id }) => {
      const key = kind === 'closed' ? dayKeys.closed : dayKeys.open
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<{ id: string }[]>(key)
      client.setQueryData<{ id: string }[]>(key, (rows) => rows?.filter((r) => r.id !== id))
      return { key, before }
    },
    onError: (_e, _v, context) => {
      if (context) client.setQueryData(context.key, context.before)
    },
    onSettled: settle,
  })
  return { add, remove }
}
