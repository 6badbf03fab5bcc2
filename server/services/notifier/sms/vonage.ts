import type { OutgoingSms, SendOutcome, SmsProvider } from '../transports.ts'
import type { VonageAccount } from './accounts.ts'
import { toE164, vonageNumber } from './e164.ts'
import { invalidNumber, SmsProviderUnavailable } from './failure.ts'
import { needsUnicode } from './gsm7.ts'
import { postForm } from './http.ts'
import { vonageSendFailure } from './vonage-failure.ts'

export interface VonageOptions {
  readonly account: VonageAccount
  readonly sender: string
  /** where Vonage sends the message's delivery receipts (smsStatusUrl) */
  readonly callback: string
  readonly timeoutMs?: number | undefined
}

interface VonageMessage {
  readonly status?: unknown
  readonly 'message-id'?: unknown
  readonly 'error-text'?: unknown
}

/**
 * Vonage's SMS API (https://developer.vonage.com/en/api/sms): POST {base}/sms/json with api_key,
 * api_secret, from, to (E.164 digits, no +), text, type=unicode when the text is not GSM-7,
 * status-report-req=true and callback (the delivery receipt webhook), client-ref (our reference,
 * echoed in the receipt). 200 answers `messages[]`, one per part of a long text, each with
 * `status` ("0" accepted, with its `message-id`) or an `error-text`.
 */
export function vonageProvider(options: VonageOptions): SmsProvider {
  const { account, sender, callback, timeoutMs } = options
  return {
    name: 'vonage',
    async send(sms: OutgoingSms): Promise<SendOutcome> {
      const to = toE164(sms.to)
      if (!to) return invalidNumber('vonage', sms.to)
      const form = new URLSearchParams({
        api_key: account.apiKey,
        api_secret: account.apiSecret,
        from: vonageNumber(sender),
        to: vonageNumber(to),
        text: sms.text,
        'status-report-req': 'true',
        callback,
        'client-ref': sms.reference,
      })
      if (needsUnicode(sms.text)) form.set('type', 'unicode')
      const answer = await postForm('vonage', `${account.base}/sms/json`, form, {}, timeoutMs)
      if (answer.status === 429 || answer.status >= 500) {
        throw new SmsProviderUnavailable('vonage', `HTTP ${answer.status}`)
      }
      const messages = (answer.body as { messages?: unknown } | undefined)?.messages
      const parts: VonageMessage[] = Array.isArray(messages) ? messages : []
      // One accepted part means the person gets (some of) the text: retrying would double it.
      const accepted = parts.find((part) => part.status === '0' || part.status === 0)
      const id = accepted?.['message-id']
      if (typeof id === 'string' && id) {
        return { kind: 'sent', provider: 'vonage', providerMessageId: id }
      }
      const first = parts[0]
      if (answer.status !== 200 || !first) {
        return {
          kind: 'refused',
          provider: 'vonage',
          reason: `HTTP ${answer.status}`,
          undeliverable: false,
        }
      }
      const text = typeof first['error-text'] === 'string' ? first['error-text'] : undefined
      const verdict = vonageSendFailure(String(first.status), text)
      if (verdict.retry) throw new SmsProviderUnavailable('vonage', verdict.reason)
      return {
        kind: 'refused',
        provider: 'vonage',
        reason: verdict.reason,
        undeliverable: verdict.undeliverable,
      }
    },
  }
}
