/**
 * The booking module's one entry (docs/decisions/069-server-modules.md): what the other
 * modules, the routes and the app use of it. Its own files import each other directly.
 */

export { availabilityPeriod, needsOf } from './availability.ts'
export {
  type AvailabilityCache,
  type CacheScope,
  createAvailabilityCache,
  DEFAULT_AVAILABILITY_CACHE_MS,
} from './availability-cache.ts'
export { planDate } from './calendar.ts'
export { calendarToken, calendarTokenOpens, setCalendarKey } from './calendar-token.ts'
export { cancelAppointments } from './cancel.ts'
export { cartHolds } from './cart.ts'
export type { BookingCatalogue } from './catalogue.ts'
export { changeBookingStatus } from './change-status.ts'
export { checkRequest } from './check.ts'
export { busyByDate, loadOverlappingClaims } from './claims.ts'
export { confirmHolds, HoldsLostError } from './confirm.ts'
export {
  type BookingMailFacts,
  bookingMessage,
  queueBookingConfirmation,
} from './confirmation-mail.ts'
export { resourceDays } from './day-resources.ts'
export { expireHolds } from './expiry.ts'
export { takeFreedWake } from './freed.ts'
export { assertVoucherRoom } from './gift-limit.ts'
export { HOLD_LIMITS } from './hold-limits.ts'
export { placeHold, writeHold } from './holds.ts'
export {
  manageLinkLine,
  manageLinkUrl,
  readManageLink,
  setManageLinkKey,
  signManageLink,
} from './manage-link.ts'
export { answerStats } from './period-answers.ts'
export { type PreparedRequest, prepareRequest, UnavailableError } from './prepare.ts'
export { priceTimes } from './price-times.ts'
export { cancelAppointment } from './remove.ts'
export { companyBookingOf, holdMilliseconds } from './settings.ts'
export { shopBusyDays, shopCatalogue } from './shop-days.ts'
export { type Assignment, assignVisit, type ServiceNeed, visitStarts } from './visit.ts'
export { calendarMailLines, visitCalendarProps, visitIcs } from './visit-calendar.ts'
export { readVisit, serviceNames, shopPlace, type VisitFacts } from './visit-facts.ts'
export { localDateAndMinutes } from './zone-cache.ts'
