import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'

/**
 * Publish webhooks are signed per delivery attempt (docs/decisions/015-crash-safety.md), in the
 * scheme of Stripe's: the `x-signature` header is `t=<unix seconds>,id=<delivery id>,v1=<hex>`
 * where v1 = HMAC-SHA256(secret, `<t>.<id>.<raw body>`). The receiver refuses a timestamp outside
 * the tolerance window and an id it has already seen, so a captured request cannot be replayed,
 * neither later nor at once. Node only (node:crypto): the API and the scripts import it.
 */
export const SIGNATURE_HEADER = 'x-signature'

/** How far the signed time may be from the receiver's clock, either way (Stripe's default). */
export const SIGNATURE_TOLERANCE_S = 300

const ID = /^[A-Za-z0-9-]{8,64}$/

function hmac(secret: string, t: number, id: string, body: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${t}.${id}.`).update(body).digest()
}

export interface SignOptions {
  /** Unix seconds; now by default. */
  readonly t?: number
  /** A fresh random id by default: every attempt is a new delivery. */
  readonly id?: string
}

export function signEvent(
  body: string | Uint8Array,
  secret: string,
  options: SignOptions = {},
): string {
  const t = options.t ?? Math.floor(Date.now() / 1000)
  const id = options.id ?? randomUUID()
  return `t=${t},id=${id},v1=${hmac(secret, t, id, body).toString('hex')}`
}

export type Verified =
  | { readonly ok: true; readonly t: number; readonly id: string }
  | { readonly ok: false; readonly reason: 'signature' | 'stale' }

/**
 * Constant-time check of the header against the raw body, then of its time. A missing or
 * malformed header is 'signature'; a right signature of a time outside the window is 'stale'.
 * Whether the id was seen before is the receiver's to check (it alone keeps the ids).
 */
export function verifyEvent(
  body: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  nowS: number = Date.now() / 1000,
  toleranceS: number = SIGNATURE_TOLERANCE_S,
): Verified {
  const refused = { ok: false, reason: 'signature' } as const
  if (!header || secret === '' || header.length > 300) return refused
  const parts = new Map<string, string>()
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at <= 0 || parts.has(part.slice(0, at))) return refused
    parts.set(part.slice(0, at), part.slice(at + 1))
  }
  const t = Number(parts.get('t'))
  const id = parts.get('id') ?? ''
  const v1 = parts.get('v1') ?? ''
  if (!/^\d{1,12}$/.test(parts.get('t') ?? '') || !ID.test(id) || !/^[0-9a-f]{64}$/i.test(v1)) {
    return refused
  }
  if (!timingSafeEqual(hmac(secret, t, id, body), Buffer.from(v1, 'hex'))) return refused
  if (Math.abs(nowS - t) > toleranceS) return { ok: false, reason: 'stale' }
  return { ok: true, t, id }
}
