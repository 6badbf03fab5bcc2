/**
 * The waitlist module's one entry (docs/decisions/069-server-modules.md): what the other
 * modules, the routes and the app use of it. Its own files import each other directly.
 */
export { acceptOffer } from './accept.ts'
export { joinWaitlist, leaveEntry, listEntries } from './entries.ts'
export { offerFreedSlots } from './offers.ts'
export { processFreed, waitlistSweep } from './sweep.ts'
