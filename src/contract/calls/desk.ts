import { bookingOrder } from '../booking-order'
import { defineCall } from '../call'
import { deskBookingBody, deskCancelBody, deskCancelResponse, deskMoveBody } from '../desk'

/**
 * Our addition (docs/decisions/077-desk-booking.md): the studio's desk. Booking admin group (no
 * company header, provider bearer); each call checks the user's shops and columns
 * (docs/decisions/072-studio-roles.md) on the server.
 */
const ADMIN = { group: 'bookingAdmin', auth: 'provider' } as const

export const deskCalls = {
  book: defineCall({
    method: 'POST',
    path: '/bookingOrder/desk',
    ...ADMIN,
    body: deskBookingBody,
    response: bookingOrder,
  }),
  move: defineCall({
    method: 'PUT',
    path: '/bookingOrder/move',
    ...ADMIN,
    body: deskMoveBody,
    response: bookingOrder,
  }),
  cancel: defineCall({
    method: 'PUT',
    path: '/bookingOrder/cancel',
    ...ADMIN,
    body: deskCancelBody,
    response: deskCancelResponse,
  }),
}
