import { createPrivateKey } from 'node:crypto'
import addressparser from 'nodemailer/lib/addressparser'

/**
 * The e-mail settings of the environment (docs/decisions/054-messages-on-nodemailer.md), each
 * checked at start-up so a mistyped variable stops the API instead of losing its mail later.
 */

/** SMTP_URL: smtp[s]://[user:password@]host[:port][?insecure=1] */
export interface SmtpServer {
  readonly host: string
  readonly port: number
  /** smtps: TLS from the first byte; smtp: STARTTLS whenever the server offers it */
  readonly secure: boolean
  readonly user?: string | undefined
  readonly password?: string | undefined
  /** false with `?insecure=1`: a self-signed certificate is accepted (a local server only) */
  readonly rejectUnauthorized: boolean
}

export function parseSmtpUrl(url: string): SmtpServer {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error('SMTP_URL must be smtp[s]://user:password@host:port, got an invalid URL')
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error('SMTP_URL must start with smtp:// or smtps://')
  }
  if (parsed.hostname === '') throw new Error('SMTP_URL names no host')
  const secure = parsed.protocol === 'smtps:'
  return {
    // an IPv6 literal comes bracketed out of URL; sockets want it bare
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    user: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    rejectUnauthorized: parsed.searchParams.get('insecure') !== '1',
  }
}

/** MAIL_FROM: the sender's address, and the name shown when a message has no company. */
export interface MailFrom {
  /** '' when MAIL_FROM is a bare address */
  readonly name: string
  readonly address: string
  /** after the @: the Message-ID's right-hand side */
  readonly domain: string
}

const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@([^\s@<>(),;:"[\]\\]+\.)*[^\s@<>(),;:"[\]\\.]+$/

/** `no-reply@x.fr` or `Maison Lumière <no-reply@x.fr>` (quoted or not); anything else throws. */
export function parseMailFrom(value: string): MailFrom {
  const parsed = addressparser(value.trim())
  const first = parsed.length === 1 ? parsed[0] : undefined
  const address = first?.address ?? ''
  // without angle brackets it is a bare address, whole: addressparser would read
  // `no reply@x.fr` as the name "no" and the address reply@x.fr
  const bare = !value.includes('<')
  if (!ADDRESS.test(address) || (bare && value.trim() !== address)) {
    throw new Error(
      `MAIL_FROM must be one address, bare or as "Name <address>", got ${JSON.stringify(value)}`,
    )
  }
  return {
    name: first?.name ?? '',
    address,
    domain: address.slice(address.lastIndexOf('@') + 1).toLowerCase(),
  }
}

/** What nodemailer signs with (its `dkim` option). */
export interface DkimKey {
  readonly domainName: string
  readonly keySelector: string
  /** PEM */
  readonly privateKey: string
}

const DKIM_NAMES = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const
const LABELS =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/

/** DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY (PEM, or base64 of it): all three or none. */
export function parseDkim(env: NodeJS.ProcessEnv): DkimKey | undefined {
  const given = DKIM_NAMES.filter((name) => (env[name] ?? '').trim() !== '')
  if (given.length === 0) return undefined
  if (given.length !== DKIM_NAMES.length) {
    const missing = DKIM_NAMES.filter((name) => !given.includes(name))
    throw new Error(`DKIM needs ${DKIM_NAMES.join(', ')} together; missing ${missing.join(', ')}`)
  }
  const domainName = (env.DKIM_DOMAIN ?? '').trim().toLowerCase()
  const keySelector = (env.DKIM_SELECTOR ?? '').trim()
  if (!LABELS.test(domainName)) throw new Error('DKIM_DOMAIN must be a domain name')
  if (!LABELS.test(keySelector)) throw new Error('DKIM_SELECTOR must be a DNS label')
  return { domainName, keySelector, privateKey: pemKey(env.DKIM_PRIVATE_KEY ?? '') }
}

/** The key as PEM: given as is (a one-line `\n`-escaped PEM too, as env files write it) or as base64. */
function pemKey(value: string): string {
  const text = value.trim()
  const pem = text.startsWith('-----BEGIN')
    ? text.replaceAll('\\n', '\n')
    : Buffer.from(text, 'base64').toString('utf8').trim()
  try {
    createPrivateKey(pem)
  } catch {
    throw new Error('DKIM_PRIVATE_KEY must be a private key in PEM, or the base64 of one')
  }
  return `${pem}\n`
}

export const DEFAULT_SMTP_POOL_MAX = 3

/** SMTP_POOL_MAX: connections kept open to the SMTP server; a positive integer, else start-up error. */
export function parsePoolMax(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SMTP_POOL_MAX
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(`SMTP_POOL_MAX must be a positive integer, got "${value}"`)
  }
  return n
}
