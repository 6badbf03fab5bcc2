import { ApiError, HttpError } from '#api/errors'
import type { BookingOrder } from '#contract/booking-order'

/**
 * The agenda as it is expected to be once a move is accepted (docs/decisions/077-desk-booking.md):
 * the whole visit shifted to its new start (and column), shown at once, put back when the
 * server refuses, read again from the server either way.
 */
export interface MoveInput {
  readonly ideorder: string
  /** the visit's new first start, shop wall clock */
  readonly start: string
  readonly resourceId?: string | undefined
}

const wallMs = (local: string) => Date.parse(`${local}:00Z`)
const wallOf = (ms: number) => new Date(ms).toISOString().slice(0, 16)

export function withMoved(orders: readonly BookingOrder[], move: MoveInput): BookingOrder[] {
  return orders.map((order) => {
    if (order.ideorder !== move.ideorder) return order
    const first = order.appointments.map((a) => a.start).sort()[0]
    if (!first) return order
    const shift = wallMs(move.start) - wallMs(first)
    return {
      ...order,
      appointments: order.appointments.map((a) => ({
        ...a,
        start: wallOf(wallMs(a.start) + shift),
        end: wallOf(wallMs(a.end) + shift),
        ...(move.resourceId ? { employeeId: move.resourceId } : {}),
      })),
    }
  })
}

/** The HTTP status of a refused call, whichever error the client raised. */
export function refusalStatus(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status
  if (error instanceof ApiError) return error.status ?? error.code
  return undefined
}
