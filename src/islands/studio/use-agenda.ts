import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Customer } from '#contract/customer'
import { agendaColumns } from '#domain/studio/agenda-columns'
import { agendaEvents } from '#domain/studio/agenda-events'
import { customerName } from '#domain/studio/customer-name'
import { islandApi } from '#islands/shared/island-api'
import { periodOrders, studioKeys } from './studio-queries'
import { useStudioText } from './studio-text'

/** Customers' names as the agenda shows them, by account id. */
function customerNames(customers: readonly Customer[]): ReadonlyMap<string, string> {
  const names = new Map<string, string>()
  for (const customer of customers) {
    const name = customerName({ ...customer.profiles[0], email: customer.email })
    if (name) names.set(customer.id, name)
  }
  return names
}

/**
 * The agenda of one shop for a day or a week: its columns, its events and the customers' names.
 * The orders are the booking admin history of those days and that shop; the resources and customers are read once and
 * shared by every day (docs/decisions/071-studio-app.md says what this costs and what replaces
 * the whole customer list).
 */
export function useAgenda(
  shopId: string,
  { from, to }: { from: string; to: string },
  resourceIds?: readonly string[],
) {
  const { locale } = useStudioText()
  const orders = useQuery({
    queryKey: studioKeys.orders(shopId, from, to),
    queryFn: ({ signal }) => periodOrders(shopId, from, to, signal),
  })
  const resources = useQuery({
    queryKey: studioKeys.resources,
    queryFn: () => islandApi.resources.list(),
    staleTime: 300_000,
  })
  const customers = useQuery({
    queryKey: studioKeys.customers,
    queryFn: () => islandApi.users.list(),
    staleTime: 60_000,
  })
  const events = useMemo(
    () => (orders.data ? agendaEvents(orders.data, { shopId, from, to, resourceIds, locale }) : []),
    [orders.data, shopId, from, to, resourceIds, locale],
  )
  const columns = useMemo(
    () => agendaColumns(resources.data ?? [], shopId, events, resourceIds),
    [resources.data, shopId, events, resourceIds],
  )
  const names = useMemo(() => customerNames(customers.data ?? []), [customers.data])
  return {
    events,
    columns,
    names,
    pending: orders.isPending || resources.isPending,
    failed: orders.isError || resources.isError,
    retry: () => {
      void orders.refetch()
      void resources.refetch()
    },
  }
}

export type AgendaData = ReturnType<typeof useAgenda>
