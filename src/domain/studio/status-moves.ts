import type { BookingStatus } from '#contract/booking-order'

/**
 * What staff may mark from the agenda (docs/decisions/075-studio-live-agenda.md): a confirmed
 * visit's customer arrived, came and was served (done), or did not come (no-show); an arrived
 * one is done. Pending (unpaid) orders, and orders that are over, offer nothing: a cancellation
 * goes through the policy, a refund through the refund calls. The server's changeStatus accepts
 * these moves among others (server/services/booking/change-status.ts).
 */
export const STUDIO_MOVES = ['arrived', 'completed', 'noShow'] as const
export type StudioMove = (typeof STUDIO_MOVES)[number]

export function studioMoves(status: BookingStatus): readonly StudioMove[] {
  if (status === 'confirmed') return STUDIO_MOVES
  if (status === 'arrived') return ['completed']
  return []
}
