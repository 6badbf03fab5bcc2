import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/**
 * The signed token of a visit's calendar link (GET /api/calendar/:company/:id?token=): it opens
 * that one visit's calendar file, of that company, until it expires (a month after the visit),
 * and nothing else. Signed with a key derived from NOTIFICATION_KEY, so no new secret is needed;
 * set once by createApp, as the notifier's key is (docs/decisions/039-reminders-and-calendar.md).
 */
let signingKey: Buffer | undefined

export function setCalendarKey(notificationKey: Buffer): void {
  signingKey = Buffer.from(
    hkdfSync('sha256', notificationKey, Buffer.alloc(0), 'storefront calendar link', 32),
  )
}

/** How long after the visit its link still opens the file. */
const VALID_AFTER_VISIT_MS = 30 * 86_400_000

function mac(companyId: number, orderId: string, expires: number): Buffer {
  if (!signingKey) throw new Error('no calendar key: createApp sets it')
  return createHmac('sha256', signingKey)
    .update(`calendar\n${companyId}\n${orderId}\n${expires}`)
    .digest()
    .subarray(0, 24)
}

export function calendarToken(companyId: number, orderId: string, visitEnd: Date): string {
  const expires = Math.floor((visitEnd.getTime() + VALID_AFTER_VISIT_MS) / 1000)
  return `${expires.toString(36)}.${mac(companyId, orderId, expires).toString('base64url')}`
}

const TOKEN = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{32})$/

/** Whether `token` opens this visit's calendar at `now`. */
export function calendarTokenOpens(
  token: string,
  companyId: number,
  orderId: string,
  now: Date,
): boolean {
  const match = TOKEN.exec(token)
  if (!match) return false
  const expires = Number.parseInt(match[1] ?? '', 36)
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false
  const given = Buffer.from(match[2] ?? '', 'base64url')
  const expected = mac(companyId, orderId, expires)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
