import type { OutgoingSms, SendOutcome, SmsProvider } from '../transports.ts'
import type { TwilioAccount } from './accounts.ts'
import { toE164 } from './e164.ts'
import { invalidNumber, SmsProviderUnavailable } from './failure.ts'
import { postForm } from './http.ts'
import { twilioSendFailure } from './twilio-failure.ts'

export interface TwilioOptions {
  readonly account: TwilioAccount
  readonly sender: string | undefined
  /** where Twilio posts the message's status changes (smsStatusUrl) */
  readonly statusCallback: string
  readonly timeoutMs?: number | undefined
}

/**
 * Twilio's Messages API (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From and/or
 * MessagingServiceSid, Body, StatusCallback; HTTP Basic with AccountSid:AuthToken
 * (https://www.twilio.com/docs/usage/requests-to-twilio). 201 answers the Message with its
 * `sid`. Twilio chooses GSM-7 or UCS-2 itself and has no client reference field: the outbox
 * finds the row again by the sid.
 */
export function twilioProvider(options: TwilioOptions): SmsProvider {
  const { account, sender, statusCallback, timeoutMs } = options
  const url = `${account.base}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`
  return {
    name: 'twilio',
    async send(sms: OutgoingSms): Promise<SendOutcome> {
      const to = toE164(sms.to)
      if (!to) return invalidNumber('twilio', sms.to)
      const form = new URLSearchParams({ To: to, Body: sms.text, StatusCallback: statusCallback })
      if (account.messagingServiceSid) form.set('MessagingServiceSid', account.messagingServiceSid)
      if (sender) form.set('From', sender)
      const answer = await postForm('twilio', url, form, { authorization }, timeoutMs)
      const sid = (answer.body as { sid?: unknown } | undefined)?.sid
      if (answer.status === 201 && typeof sid === 'string' && sid) {
        return { kind: 'sent', provider: 'twilio', providerMessageId: sid }
      }
      // (a 2xx without a sid falls here and is refused, not retried: Twilio may have the message)
      const verdict = twilioSendFailure(answer.status, answer.body)
      if (verdict.retry) throw new SmsProviderUnavailable('twilio', verdict.reason)
      return {
        kind: 'refused',
        provider: 'twilio',
        reason: verdict.reason,
        undeliverable: verdict.undeliverable,
      }
    },
  }
}
