import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import type { BookingOrder } from '#contract/booking-order'
import type { DeskBookingBody, DeskCancelBody } from '#contract/desk'
import { islandApi } from '#islands/shared/island-api'
import { type MoveInput, withMoved } from './desk-move-state'
import { studioKeys } from './studio-queries'

/**
 * The desk's calls from the agenda (docs/decisions/077-desk-booking.md), through TanStack Query:
 * each reads the shop's shown ranges again once settled; a move is shown at once and put back
 * when the server refuses it.
 */
const shopOrders = (shopId: string) => ['studio', 'orders', shopId] as const

export function useDeskBook(shopId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: DeskBookingBody) => islandApi.desk.book({ body }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: shopOrders(shopId) })
      // a customer created at the desk is named in the agenda from the next customer list
      await client.invalidateQueries({ queryKey: studioKeys.customers })
    },
  })
}

type Before = { before: [QueryKey, BookingOrder[] | undefined][] }

export function useDeskMove(shopId: string) {
  const client = useQueryClient()
  const key = shopOrders(shopId)
  return useMutation({
    mutationFn: (move: MoveInput) =>
      islandApi.desk.move({
        body: {
          ideorder: move.ideorder,
          start: move.start,
          ...(move.resourceId ? { resourceId: move.resourceId } : {}),
        },
      }),
    onMutate: async (move): Promise<Before> => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueriesData<BookingOrder[]>({ queryKey: key })
      client.setQueriesData<BookingOrder[]>({ queryKey: key }, (orders) =>
        orders ? withMoved(orders, move) : orders,
      )
      return { before }
    },
    onError: (_error, _move, context?: Before) => {
      for (const [queryKey, orders] of context?.before ?? []) client.setQueryData(queryKey, orders)
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
}

export function useDeskCancel(shopId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: DeskCancelBody) => islandApi.desk.cancel({ body }),
    onSettled: () => client.invalidateQueries({ queryKey: shopOrders(shopId) }),
  })
}
