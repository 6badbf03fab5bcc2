import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from './studio-queries'

/** Rows a page of the customer search holds. */
export const CUSTOMER_PAGE_SIZE = 20

/**
 * The customer search (the contract's back-office search with paging): the words asked for and
 * the page, the answer kept on screen while the next page loads.
 */
export function useCustomerSearch() {
  const [asked, setAsked] = useState({ filter: '', page: 1 })
  const result = useQuery({
    queryKey: studioKeys.customerSearch(asked.filter, asked.page),
    queryFn: () =>
      islandApi.customers.search({
        body: { filter: asked.filter, page: asked.page, enregbypage: CUSTOMER_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  })
  return {
    asked,
    result,
    search: (filter: string) => setAsked({ filter: filter.trim(), page: 1 }),
    toPage: (page: number) => setAsked((current) => ({ ...current, page })),
  }
}
