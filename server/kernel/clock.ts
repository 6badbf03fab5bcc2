/**
 * The API's one clock: every "now" of the services comes from here. Production never touches
 * it; tests move it (the API runs in the test's process) to book dates that are now past, such
 * as the 2026 daylight-saving Sundays, and to make holds and carts lapse without waiting.
 */
export const clock = { now: (): Date => new Date() }
