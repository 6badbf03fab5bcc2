import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { BookingStatus } from '#contract/booking-order'
import { islandApi } from '#islands/shared/island-api'
import { everyPage, LARGEST_PAGE } from './list-pages'
import { studioKeys } from './studio-queries'

/** The history's filters as the form gives them: '' for a filter left empty. */
export interface HistoryFilters {
  readonly periodSearch: 'order' | 'appointment'
  readonly start: string
  readonly end: string
  readonly firstname: string
  readonly lastname: string
  readonly mail: string
  readonly transactionId: string
  readonly bookerOrigin: string
  readonly bookerStatus: BookingStatus | ''
  /** '' for every shop the screen offers */
  readonly shopId: string
}

export type HistorySort = { readonly by: 'createdAt' | 'start'; readonly desc: boolean }

export const NO_FILTERS: HistoryFilters = {
  periodSearch: 'order',
  start: '',
  end: '',
  firstname: '',
  lastname: '',
  mail: '',
  transactionId: '',
  bookerOrigin: '',
  bookerStatus: '',
  shopId: '',
}

/** Rows a page of the history holds. */
export const HISTORY_PAGE_SIZE = 20

/**
 * The filters as the call's query: the empty ones left out, the shops named (one, or all the
 * screen offers, so a manager never asks beyond theirs).
 */
export function historyQuery(
  filters: HistoryFilters,
  shopIds: readonly string[],
  sort: HistorySort,
) {
  const { shopId, bookerStatus, ...text } = filters
  const given = Object.entries(text).filter(([, value]) => value.trim() !== '')
  return {
    ...Object.fromEntries(given.map(([key, value]) => [key, value.trim()])),
    ...(bookerStatus === '' ? {} : { bookerStatus }),
    shops: shopId === '' ? shopIds.join(',') : shopId,
    sortBy: sort.by,
    sortDesc: sort.desc ? ('true' as const) : ('false' as const),
  }
}

/**
 * The bookings history (GET /bookingOrder/history): filters, server-side paging and sorting by
 * date; its totals over every page (GET /bookingOrder/history/totals); every page for the CSV.
 */
export function useHistory(shopIds: readonly string[]) {
  const [asked, setAsked] = useState({
    filters: NO_FILTERS,
    page: 1,
    sort: { by: 'createdAt', desc: true } as HistorySort,
  })
  const query = historyQuery(asked.filters, shopIds, asked.sort)
  const enabled = query.shops !== ''
  const result = useQuery({
    queryKey: studioKeys.history(query, asked.page),
    queryFn: ({ signal }) =>
      islandApi.bookingAdmin.history(
        {
          query: { ...query, page: String(asked.page), itemPerPage: String(HISTORY_PAGE_SIZE) },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  })
  const totals = useQuery({
    queryKey: studioKeys.historyTotals(query),
    queryFn: ({ signal }) => islandApi.bookingAdmin.historyTotals({ query }, { signal }),
    enabled,
  })
  const everyOrder = () =>
    everyPage((page) =>
      islandApi.bookingAdmin.history({
        query: { ...query, page: String(page), itemPerPage: String(LARGEST_PAGE) },
      }),
    )
  return {
    asked,
    result,
    totals,
    everyOrder,
    filter: (filters: HistoryFilters) => setAsked((a) => ({ ...a, filters, page: 1 })),
    sortBy: (sort: HistorySort) => setAsked((a) => ({ ...a, sort, page: 1 })),
    toPage: (page: number) => setAsked((a) => ({ ...a, page })),
  }
}
