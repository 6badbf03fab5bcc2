import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/**
 * The consent e-mail's link (docs/decisions/080-consent-record.md): one company's one booking
 * order until the visit ends, signed with HMAC-SHA-256 under a key derived from
 * NOTIFICATION_KEY for this purpose alone (a manage link or calendar token never verifies
 * here). Nothing is stored: the link is its own proof. It rides in the page's fragment.
 */
const PURPOSE = 'storefront consent-form link'
let linkKey: Buffer | undefined

/** Set once by createApp from config.notificationKey, which every instance shares. */
export function setConsentLinkKey(secret: Buffer): void {
  linkKey = Buffer.from(hkdfSync('sha256', secret, '', PURPOSE, 32))
}

function mac(body: string): Buffer {
  if (!linkKey) throw new Error('no consent-link key: createApp sets it')
  return createHmac('sha256', linkKey).update(body).digest()
}

export function signConsentLink(companyId: number, orderId: string, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ c: companyId, o: orderId, e: expiresAt.getTime() }))
  const encoded = body.toString('base64url')
  return `${encoded}.${mac(encoded).toString('base64url')}`
}

export type ConsentLinkCheck =
  | { readonly valid: true; readonly orderId: string; readonly expired: boolean }
  | { readonly valid: false }

/** The order a link names for this company and whether it expired; anything else is invalid. */
export function readConsentLink(link: string, companyId: number, now: Date): ConsentLinkCheck {
  const [body, signature, extra] = link.split('.')
  if (!body || !signature || extra !== undefined) return { valid: false }
  const expected = mac(body)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false }
  let payload: { c?: unknown; o?: unknown; e?: unknown }
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof payload
  } catch {
    return { valid: false }
  }
  if (payload.c !== companyId || typeof payload.o !== 'string' || typeof payload.e !== 'number') {
    return { valid: false }
  }
  return { valid: true, orderId: payload.o, expired: now.getTime() >= payload.e }
}
