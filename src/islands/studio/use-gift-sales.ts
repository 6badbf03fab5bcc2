import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { islandApi } from '#islands/shared/island-api'
import { everyPage, LARGEST_PAGE } from './list-pages'
import { studioKeys } from './studio-queries'

export interface GiftFilters {
  readonly start: string
  readonly end: string
  readonly mail: string
  /** '' for every shop */
  readonly shopId: string
}

/** Rows a page of the gift sales holds. */
export const GIFT_PAGE_SIZE = 20

/** The filters as the call's query, the empty ones left out. */
export function giftQuery(filters: GiftFilters) {
  const { shopId, ...text } = filters
  const given = Object.entries(text).filter(([, value]) => value.trim() !== '')
  return {
    ...Object.fromEntries(given.map(([key, value]) => [key, value.trim()])),
    ...(shopId === '' ? {} : { shops: shopId }),
  }
}

/**
 * The gift voucher sales (GET /giftOrders/history, the owner's): filters, server-side paging,
 * the totals sold, redeemed and outstanding over every page; every page for the CSV.
 */
export function useGiftSales() {
  const [asked, setAsked] = useState({
    filters: { start: '', end: '', mail: '', shopId: '' } as GiftFilters,
    page: 1,
  })
  const query = giftQuery(asked.filters)
  const result = useQuery({
    queryKey: studioKeys.giftSales({ ...query, page: String(asked.page) }),
    queryFn: ({ signal }) =>
      islandApi.bookingAdmin.giftOrdersHistory(
        { query: { ...query, page: String(asked.page), itemPerPage: String(GIFT_PAGE_SIZE) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  })
  const everySale = () =>
    everyPage((page) =>
      islandApi.bookingAdmin.giftOrdersHistory({
        query: { ...query, page: String(page), itemPerPage: String(LARGEST_PAGE) },
      }),
    )
  return {
    asked,
    result,
    everySale,
    filter: (filters: GiftFilters) => setAsked({ filters, page: 1 }),
    toPage: (page: number) => setAsked((a) => ({ ...a, page })),
  }
}
