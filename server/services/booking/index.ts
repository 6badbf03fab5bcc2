/**
 * The booking module's one entry (docs/decisions/069-server-modules.md): what the other
 * modules, the routes and the app use of it. Its own files import each other directly.
 */

export { availabilityPeriod, needsOf } from './availability/availability.ts'
export {
  type AvailabilityCache,
  type CacheScope,
  createAvailabilityCache,
  DEFAULT_AVAILABILITY_CACHE_MS,
} from './availability/availability-cache.ts'
export { planDate } from './availability/calendar.ts'
export { resourceDays } from './availability/day-resources.ts'
export { answerStats } from './availability/period-answers.ts'
export { shopBusyDays, shopCatalogue } from './availability/shop-days.ts'
export { localDateAndMinutes } from './availability/zone-cache.ts'
export { cancelAppointments } from './cancel.ts'
export type { BookingCatalogue } from './catalogue.ts'
export { changeBookingStatus } from './change-status.ts'
export { checkRequest } from './check.ts'
export { confirmHolds, HoldsLostError } from './confirm.ts'
export { assertVoucherRoom } from './gift-limit.ts'
export { cartHolds } from './holds/cart.ts'
export { heldCartOf, holdCart, releaseCart } from './holds/cart-holds.ts'
export { busyByDate, loadOverlappingClaims } from './holds/claims.ts'
export { expireHolds } from './holds/expiry.ts'
export { HOLD_LIMITS } from './holds/hold-limits.ts'
export { placeHold, writeHold } from './holds/holds.ts'
export { cancelAppointment } from './holds/remove.ts'
export { calendarToken, calendarTokenOpens, setCalendarKey } from './mail/calendar-token.ts'
export {
  type BookingMailFacts,
  bookingMessage,
  queueBookingConfirmation,
} from './mail/confirmation-mail.ts'
export {
  manageLinkLine,
  manageLinkUrl,
  readManageLink,
  setManageLinkKey,
  signManageLink,
} from './mail/manage-link.ts'
export { calendarMailLines, visitCalendarProps, visitIcs } from './mail/visit-calendar.ts'
export { readVisit, serviceNames, shopPlace, type VisitFacts } from './mail/visit-facts.ts'
export { type PreparedRequest, prepareRequest, UnavailableError } from './prepare.ts'
export { priceTimes } from './price-times.ts'
export { companyBookingOf, holdMilliseconds } from './settings.ts'
export { type Assignment, assignVisit, type ServiceNeed, visitStarts } from './visit.ts'
