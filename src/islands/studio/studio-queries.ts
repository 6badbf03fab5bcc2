import type { QueryClient } from '@tanstack/react-query'
import { islandApi } from '#islands/shared/island-api'

/**
 * Server state of the studio, read through TanStack Query (docs/decisions/071-studio-app.md):
 * one key per call and input, so the cache is shared by every view and forgotten at sign-out.
 * Every call is one of the contract's.
 */
export const studioKeys = {
  me: ['studio', 'me'] as const,
  shops: ['studio', 'shops'] as const,
  resources: ['studio', 'resources'] as const,
  customers: ['studio', 'customers'] as const,
  staff: ['studio', 'staff'] as const,
  customerSearch: (filter: string, page: number) =>
    ['studio', 'customer-search', filter, page] as const,
  orders: (shopId: string, from: string, to: string) =>
    ['studio', 'orders', shopId, from, to] as const,
  customerProfile: (id: string) => ['studio', 'customer', id, 'profile'] as const,
  customerHistory: (id: string) => ['studio', 'customer', id, 'history'] as const,
  customerRemaining: (id: string) => ['studio', 'customer', id, 'remaining'] as const,
  customerShopOrders: (id: string) => ['studio', 'customer', id, 'eshop-orders'] as const,
  dossiers: (customerId: string) => ['studio', 'customer', customerId, 'dossiers'] as const,
  prestations: (dossierId: string) => ['studio', 'prestations', dossierId] as const,
  pigments: ['studio', 'pigments'] as const,
  needles: ['studio', 'needles'] as const,
  lot: (lot: string) => ['studio', 'lot', lot] as const,
  report: (start: string, end: string, step: string, shops: string) =>
    ['studio', 'report', start, end, step, shops] as const,
  history: (query: Record<string, string>, page: number) =>
    ['studio', 'history', query, page] as const,
  historyTotals: (query: Record<string, string>) => ['studio', 'history-totals', query] as const,
  giftSales: (query: Record<string, string>) => ['studio', 'gift-sales', query] as const,
  payments: (start: string, end: string) => ['studio', 'payments', start, end] as const,
  company: ['studio', 'company'] as const,
  collectionSchemas: ['studio', 'collection-schemas'] as const,
  collectionItems: (type: string) => ['studio', 'collection-items', type] as const,
}

/** The largest page the history call serves (src/contract/query.ts pageQuery). */
const PAGE_SIZE = 100

/** Every booking order with an appointment at the shop in [from, to], page after page. */
export async function periodOrders(shopId: string, from: string, to: string, signal?: AbortSignal) {
  const query = {
    periodSearch: 'appointment',
    start: from,
    end: to,
    shops: shopId,
    sortBy: 'start',
    sortDesc: 'false',
    itemPerPage: String(PAGE_SIZE),
  } as const
  const first = await islandApi.bookingAdmin.history({ query: { ...query, page: '1' } }, { signal })
  const pages = Math.ceil(first.total / PAGE_SIZE)
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      islandApi.bookingAdmin.history({ query: { ...query, page: String(i + 2) } }, { signal }),
    ),
  )
  return [first, ...rest].flatMap((page) => page.items)
}

/** Forgets everything the signed-out user could read. */
export function forgetStudio(client: QueryClient): void {
  client.removeQueries({ queryKey: ['studio'] })
}
