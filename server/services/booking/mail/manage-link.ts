import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import type { Locale } from '#i18n/locales.ts'
import { createTranslator } from '#i18n/messages.ts'
import { localizePath } from '#i18n/paths.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { siteBase } from '#server/kernel/index.ts'
import { SECRET } from '../../notifier/index.ts'

/**
 * The link of the confirmation e-mail that lets its holder manage one booking without signing
 * in (docs/decisions/038-visit-policy.md): the company, the booking order and an expiry (the
 * visit's start), signed with HMAC-SHA-256 under a key derived from NOTIFICATION_KEY for this
 * one purpose, so the signature of anything else (a sealed cookie, another company's link) never
 * verifies here. Nothing is stored: the link is its own proof, and dies with the visit.
 */
const PURPOSE = 'storefront manage-booking link'

let linkKey: Buffer | undefined

/** Set once by createApp from config.notificationKey, which every instance shares. */
export function setManageLinkKey(secret: Buffer): void {
  linkKey = Buffer.from(hkdfSync('sha256', secret, '', PURPOSE, 32))
}

function key(): Buffer {
  if (!linkKey) throw new Error('no manage-link key: createApp sets it')
  return linkKey
}

interface LinkPayload {
  /** company id */
  readonly c: number
  /** booking order id */
  readonly o: string
  /** expiry, epoch ms */
  readonly e: number
}

const mac = (body: string) => createHmac('sha256', key()).update(body).digest()

export function signManageLink(companyId: number, orderId: string, expiresAt: Date): string {
  const payload: LinkPayload = { c: companyId, o: orderId, e: expiresAt.getTime() }
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `${body}.${mac(body).toString('base64url')}`
}

export type LinkCheck =
  | { readonly valid: true; readonly orderId: string; readonly expired: boolean }
  | { readonly valid: false }

/** The order a link names for this company, whether it has expired, or not valid at all. */
export function readManageLink(link: string, companyId: number, now: Date): LinkCheck {
  const [body, signature, extra] = link.split('.')
  if (!body || !signature || extra !== undefined) return { valid: false }
  const expected = mac(body)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false }
  let payload: Partial<LinkPayload>
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<LinkPayload>
  } catch {
    return { valid: false }
  }
  if (payload.c !== companyId || typeof payload.o !== 'string' || typeof payload.e !== 'number') {
    return { valid: false }
  }
  return { valid: true, orderId: payload.o, expired: now.getTime() >= payload.e }
}

/** The site page of the e-mail link; the link itself rides in the fragment, never sent to a server. */
export function manageLinkUrl(company: CompanyRow, locale: Locale): string {
  return `${siteBase(company)}${localizePath('/payments/manage', locale)}#${SECRET}`
}

/** The link's line of an e-mail: its text and the signed link as the message's secret. */
export function manageLinkLine(
  company: CompanyRow,
  orderId: string,
  visitStart: Date,
  locale: Locale,
): { line: string; secret: string } {
  const t = createTranslator(locale)
  return {
    line: t.t('manage.mail.link', { link: manageLinkUrl(company, locale) }),
    secret: signManageLink(company.id, orderId, visitStart),
  }
}
