/**
 * Publish webhooks are signed per delivery attempt (docs/decisions/015-crash-safety.md), in the
 * scheme of Stripe's: the `x-signature` header is `t=<unix seconds>,id=<delivery id>,v1=<hex>`
 * where v1 = HMAC-SHA256(secret, `<t>.<id>.<raw body>`). The receiver refuses a timestamp outside
 * the tolerance window and an id it has already seen, so a captured request cannot be replayed,
 * neither later nor at once.
 *
 * Web Crypto (`crypto.subtle`), not node:crypto: the API signs, the sites side (scripts/serve)
 * verifies, and both import it from the shared contract, which must stay importable by the
 * islands too (docs/decisions/070-publish-event-in-the-contract.md). `subtle.verify` compares in
 * constant time.
 */
export const SIGNATURE_HEADER = 'x-signature'

/** How far the signed time may be from the receiver's clock, either way (Stripe's default). */
export const SIGNATURE_TOLERANCE_S = 300

const ID = /^[A-Za-z0-9-]{8,64}$/
const encoder = new TextEncoder()

/** `<t>.<id>.` then the body's bytes, in a buffer of its own (what Web Crypto takes). */
function signedBytes(t: number, id: string, body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${t}.${id}.`)
  const rest = typeof body === 'string' ? encoder.encode(body) : body
  const bytes = new Uint8Array(prefix.length + rest.length)
  bytes.set(prefix)
  bytes.set(rest, prefix.length)
  return bytes
}

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  const algorithm = { name: 'HMAC', hash: 'SHA-256' }
  return crypto.subtle.importKey('raw', encoder.encode(secret), algorithm, false, [usage])
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')
}

function fromHex(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length / 2)
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16)
  return bytes
}

export interface SignOptions {
  /** Unix seconds; now by default. */
  readonly t?: number
  /** A fresh random id by default: every attempt is a new delivery. */
  readonly id?: string
}

export async function signEvent(
  body: string | Uint8Array,
  secret: string,
  options: SignOptions = {},
): Promise<string> {
  const t = options.t ?? Math.floor(Date.now() / 1000)
  const id = options.id ?? crypto.randomUUID()
  const mac = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret, 'sign'),
    signedBytes(t, id, body),
  )
  return `t=${t},id=${id},v1=${hex(mac)}`
}

export type Verified =
  | { readonly ok: true; readonly t: number; readonly id: string }
  | { readonly ok: false; readonly reason: 'signature' | 'stale' }

/** The header's three parts, or undefined when it is missing, malformed or repeats a part. */
function parseHeader(header: string): { t: number; id: string; v1: string } | undefined {
  const parts = new Map<string, string>()
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at <= 0 || parts.has(part.slice(0, at))) return undefined
    parts.set(part.slice(0, at), part.slice(at + 1))
  }
  const t = parts.get('t') ?? ''
  const id = parts.get('id') ?? ''
  const v1 = parts.get('v1') ?? ''
  if (!/^\d{1,12}$/.test(t) || !ID.test(id) || !/^[0-9a-f]{64}$/i.test(v1)) return undefined
  return { t: Number(t), id, v1 }
}

/**
 * Checks the header against the raw body, then its time. A missing or malformed header is
 * 'signature'; a right signature of a time outside the window is 'stale'. Whether the id was
 * seen before is the receiver's to check (it alone keeps the ids).
 */
export async function verifyEvent(
  body: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  nowS: number = Date.now() / 1000,
  toleranceS: number = SIGNATURE_TOLERANCE_S,
): Promise<Verified> {
  const refused = { ok: false, reason: 'signature' } as const
  if (!header || secret === '' || header.length > 300) return refused
  const parsed = parseHeader(header)
  if (!parsed) return refused
  const { t, id, v1 } = parsed
  const key = await hmacKey(secret, 'verify')
  if (!(await crypto.subtle.verify('HMAC', key, fromHex(v1), signedBytes(t, id, body)))) {
    return refused
  }
  if (Math.abs(nowS - t) > toleranceS) return { ok: false, reason: 'stale' }
  return { ok: true, t, id }
}
