import { normalizePhone } from '#server/kernel/index.ts'

/**
 * The number an SMS goes to, in E.164 ('+33612345678'), or undefined when it cannot be one: the
 * message is then refused as undeliverable without asking the provider. Accounts store their
 * phones in E.164 already (server/kernel/phone.ts); this also reads the spaced,
 * dotted and 00-prefixed forms an older row may hold, with the same national default.
 */
export function toE164(raw: string): string | undefined {
  return normalizePhone(raw.trim())
}

/** Vonage wants the E.164 digits without the leading + (its SMS API reference, `to`). */
export function vonageNumber(e164: string): string {
  return e164.replace(/^\+/, '')
}
