import { defineCall } from '../call'
import {
  cancelVisitResult,
  manageTarget,
  manageView,
  rescheduleVisitBody,
  rescheduleVisitResult,
} from '../manage'

/**
 * Our addition (docs/decisions/038-visit-policy.md), in the booking group: a customer's own
 * visit, read, cancelled or moved. Signed in (orderId) or through the e-mail's signed link
 * (link): the bearer is optional, the server checks one or the other. POST throughout, so the
 * link never sits in a URL that request logs keep.
 */
const MANAGE = { group: 'booking', auth: 'optional' } as const

export const manageCalls = {
  view: defineCall({
    method: 'POST',
    path: '/api/appointments/manage',
    ...MANAGE,
    body: manageTarget,
    response: manageView,
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/api/appointments/manage/cancel',
    ...MANAGE,
    body: manageTarget,
    response: cancelVisitResult,
  }),
  reschedule: defineCall({
    method: 'POST',
    path: '/api/appointments/manage/reschedule',
    ...MANAGE,
    body: rescheduleVisitBody,
    response: rescheduleVisitResult,
  }),
}
