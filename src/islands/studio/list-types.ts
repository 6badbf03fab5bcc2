import type { islandApi } from '#islands/shared/island-api'

/** The lists' rows as the client reads them from the contract's calls. */
export type HistoryOrder = Awaited<
  ReturnType<typeof islandApi.bookingAdmin.history>
>['items'][number]
export type GiftSales = Awaited<ReturnType<typeof islandApi.bookingAdmin.giftOrdersHistory>>
export type GiftSale = GiftSales['items'][number]
export type ShopPayment = Awaited<ReturnType<typeof islandApi.stats.bookingShopsPayment>>[number]
export type Money = HistoryOrder['total']
