import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { HttpError } from '#api/errors'
import type { BookingOrder } from '#contract/booking-order'
import type { DueAtShopItem } from '#contract/payment'
import type { DeskMethod, RefundPath } from '#domain/orders/desk-money'
import { islandApi } from '#islands/shared/island-api'

/**
 * The desk's money calls (docs/decisions/078-desk-payments.md) as TanStack Query state: the
 * order read by its number, a payment recorded (shown paid at once, put back when refused),
 * a refund, and the list of orders due at the shop. Each reads the agenda again once settled.
 */
export const deskKeys = {
  order: (ideorder: string) => ['studio', 'order', ideorder] as const,
  due: ['studio', 'due-at-shop'] as const,
}

export function useEventOrder(ideorder: string) {
  return useQuery({
    queryKey: deskKeys.order(ideorder),
    queryFn: () => islandApi.bookingAdmin.byIdeorder({ query: { ideorder } }),
  })
}

export interface DeskPayment {
  readonly orderId: string
  readonly amount: number
  readonly method: DeskMethod
  readonly voucherCode?: string | undefined
}

type Snapshot = { before: [QueryKey, unknown][] }

/** Records a desk payment; `ideorder` (a booking) is shown paid while the call runs. */
export function useTakePayment(ideorder?: string) {
  const client = useQueryClient()
  const key = ideorder === undefined ? deskKeys.due : deskKeys.order(ideorder)
  return useMutation({
    mutationFn: (p: DeskPayment) =>
      islandApi.payment.atShop({
        query: {},
        body: {
          orderId: p.orderId,
          amount: p.amount,
          method: p.method,
          ...(p.voucherCode ? { voucherCode: p.voucherCode } : {}),
        },
      }),
    onMutate: async (p): Promise<Snapshot> => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueriesData({ queryKey: key })
      if (ideorder === undefined) {
        client.setQueryData<DueAtShopItem[]>(key, (list) =>
          list?.filter((item) => item.orderId !== p.orderId),
        )
      } else {
        client.setQueryData<BookingOrder>(key, (order) =>
          order?.bill ? { ...order, bill: { ...order.bill, payment: 'paid' } } : order,
        )
      }
      return { before }
    },
    onError: (_error, _p, context?: Snapshot) => {
      for (const [k, data] of context?.before ?? []) client.setQueryData(k, data)
    },
    onSettled: () => settle(client, key),
  })
}

export interface DeskRefund {
  readonly ideorder: string
  readonly customerId: string
  readonly amount: number
  readonly path: RefundPath
}

/** The owner's refund, through the provider that was paid or as credit. */
export function useRefund(ideorder: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (r: DeskRefund) => {
      const body = {
        appointment: { ideorder: r.ideorder, customerId: r.customerId, amount: r.amount },
      }
      return r.path === 'credit'
        ? islandApi.bookingAdmin.oldCreditRefund({ body })
        : islandApi.bookingAdmin.partialRefund({ body })
    },
    onSettled: () => settle(client, deskKeys.order(ideorder)),
  })
}

/**
 * The owner's refund of an e-shop order or a voucher's purchase, through the provider that was
 * paid (a desk payment: back at the desk); `key` is the list read again once settled.
 */
export function usePaymentRefund(key: QueryKey) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (r: { orderId: string; amount: number }) =>
      islandApi.payment.refund({ query: {}, body: r }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  })
}

function settle(client: ReturnType<typeof useQueryClient>, key: QueryKey) {
  return Promise.all([
    client.invalidateQueries({ queryKey: key }),
    client.invalidateQueries({ queryKey: ['studio', 'orders'] }),
  ])
}

export function useDueAtShop() {
  return useQuery({
    queryKey: deskKeys.due,
    queryFn: () => islandApi.payment.dueAtShop({ query: {} }),
  })
}

const DESK_ERRORS = [
  'amountMismatch',
  'notDueAtShop',
  'giftTooSmall',
  'giftNotFound',
  'giftUsed',
  'giftExpired',
  'refundTooLarge',
  'notPaid',
  'forbidden',
] as const

/** The studio's word for a refusal (the API's error type), a generic one for anything else. */
export function deskErrorKey(
  error: unknown,
): `studio.desk.error.${(typeof DESK_ERRORS)[number] | 'failed'}` {
  const type =
    error instanceof HttpError && typeof error.body === 'object' && error.body !== null
      ? (error.body as { type?: unknown }).type
      : undefined
  const known = DESK_ERRORS.find((k) => k === type)
  return known ? `studio.desk.error.${known}` : 'studio.desk.error.failed'
}
