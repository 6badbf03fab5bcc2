/**
 * The visits module's one entry (docs/decisions/069-server-modules.md): what the other
 * modules, the routes and the app use of it. Its own files import each other directly.
 */
export { cancelVisit } from './cancel.ts'
export { deskBook } from './desk-book.ts'
export { deskCancel } from './desk-cancel.ts'
export { deskMove } from './desk-move.ts'
export { sendReminders } from './reminders.ts'
export { rescheduleVisit } from './reschedule.ts'
export { reschedulePurpose } from './reschedule-purpose.ts'
export { manageView } from './view.ts'
