import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BookingOrder } from '#contract/booking-order'
import type { StudioMove } from '#domain/studio/status-moves'
import { islandApi } from '#islands/shared/island-api'
import { withStatus } from './status-change-state'
import { studioKeys } from './studio-queries'

/**
 * Marks a visit arrived, done or no-show (the booking admin's changeStatus,
 * docs/decisions/075-studio-live-agenda.md): every shown range of the shop changes at once, is
 * put back when the server refuses, and is read again from the server either way.
 */
export function useChangeStatus(shopId: string) {
  const client = useQueryClient()
  const me = useQuery({ queryKey: studioKeys.me, queryFn: () => islandApi.cmpusers.me() })
  const shopOrders = ['studio', 'orders', shopId] as const
  return useMutation({
    mutationFn: ({ ideorder, status }: { ideorder: string; status: StudioMove }) =>
      islandApi.bookingAdmin.changeStatus({ body: { m_ideorder: ideorder, m_status: status } }),
    onMutate: async ({ ideorder, status }) => {
      await client.cancelQueries({ queryKey: shopOrders })
      const before = client.getQueriesData<BookingOrder[]>({ queryKey: shopOrders })
      const change = { ideorder, status, by: me.data?.id ?? '', at: new Date().toISOString() }
      client.setQueriesData<BookingOrder[]>({ queryKey: shopOrders }, (orders) =>
        orders ? withStatus(orders, change) : orders,
      )
      return { before }
    },
    onError: (_error, _input, context?: { before: [QueryKey, BookingOrder[] | undefined][] }) => {
      for (const [key, orders] of context?.before ?? []) client.setQueryData(key, orders)
    },
    onSettled: () => client.invalidateQueries({ queryKey: shopOrders }),
  })
}
