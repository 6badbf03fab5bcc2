import type { ParsedMail } from 'mailparser'
import type { ReceivedMail } from '#server/test/smtp-server.ts'

/**
 * Reading what reached a real SMTP server started by a journey (server/test/smtp-server.ts keeps
 * every message, parsed by mailparser): the production-mode journeys get their codes and
 * confirmations there, never from the product's log (decision 018).
 */

/** The first message to `to` received after `from` (an index into `received`) that `matches`. */
export async function waitForMail(
  received: readonly ReceivedMail[],
  to: string,
  matches: (mail: ReceivedMail) => boolean,
  options: { from?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const until = Date.now() + (options.timeoutMs ?? 20_000)
  for (;;) {
    const mail = received
      .slice(options.from ?? 0)
      .find((m) => m.recipients.includes(to) && matches(m))
    if (mail) return mail
    if (Date.now() > until) {
      const seen = received.map((m) => `${m.recipients.join(',')}: ${m.parsed.subject ?? ''}`)
      throw new Error(`no e-mail to ${to} arrived in time; received:\n${seen.join('\n')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The one From of a parsed message: its display name and address. */
export function senderOf(mail: ParsedMail): { name: string; address: string } {
  const [first] = mail.from?.value ?? []
  return { name: first?.name ?? '', address: first?.address ?? '' }
}

/** The 6-digit code of a code message (the only 6-digit number of its text). */
export function codeIn(text: string): string {
  const codes = [...new Set(text.match(/\b\d{6}\b/g) ?? [])]
  if (codes.length !== 1) throw new Error(`expected one 6-digit code in:\n${text}`)
  return codes[0] ?? ''
}

/** The top-level Content-Type of the raw message, lower-cased, without its parameters. */
export function topContentType(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? ''
  // folded header lines continue with white space
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const line = unfolded.split(/\r?\n/).find((l) => /^content-type:/i.test(l)) ?? ''
  return (line.replace(/^content-type:\s*/i, '').split(';')[0] ?? '').trim().toLowerCase()
}

/** Every Content-Type of the message's parts, lower-cased, without parameters. */
export function partTypes(raw: string): string[] {
  return [...raw.matchAll(/^content-type:\s*([^;\s]+)/gim)].map((m) => (m[1] ?? '').toLowerCase())
}
