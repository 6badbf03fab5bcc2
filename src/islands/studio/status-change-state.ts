import type { BookingOrder, BookingStatus } from '#contract/booking-order'

/**
 * The agenda as it is expected to be once a status change is accepted
 * (docs/decisions/075-studio-live-agenda.md): shown at once, put back if the server refuses, read
 * again from the server either way.
 */
export interface StatusChangeInput {
  readonly ideorder: string
  readonly status: BookingStatus
  /** the company user's account id, as the server records it */
  readonly by: string
  /** an ISO instant */
  readonly at: string
}

export function withStatus(
  orders: readonly BookingOrder[],
  change: StatusChangeInput,
): BookingOrder[] {
  return orders.map((order) =>
    order.ideorder !== change.ideorder || order.status === change.status
      ? order
      : {
          ...order,
          status: change.status,
          statusHistory: [
            ...order.statusHistory,
            { status: change.status, at: change.at, by: change.by },
          ],
        },
  )
}
