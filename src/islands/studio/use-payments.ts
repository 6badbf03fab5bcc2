import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from './studio-queries'
import { defaultAsk } from './use-report'

/**
 * The payments per shop and provider for a period (GET /bookingShops/payment and
 * /giftShops/payment, the owner's), both asked together; this month by default.
 */
export function usePayments() {
  const [asked, setAsked] = useState(() => {
    const { start, end } = defaultAsk()
    return { start, end }
  })
  const result = useQuery({
    queryKey: studioKeys.payments(asked.start, asked.end),
    queryFn: async ({ signal }) => {
      const query = { start: asked.start, end: asked.end }
      const [bookings, gifts] = await Promise.all([
        islandApi.stats.bookingShopsPayment({ query }, { signal }),
        islandApi.stats.giftShopsPayment({ query }, { signal }),
      ])
      return { bookings, gifts }
    },
    placeholderData: keepPreviousData,
  })
  return { asked, ask: setAsked, result }
}
