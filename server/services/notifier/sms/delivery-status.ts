import { TWILIO_BAD_NUMBER_CODES } from './twilio-failure.ts'

/**
 * What a provider's delivery report means for the outbox row (server/db/schema/outbox.ts):
 * `sent` the provider or the carrier has it, `delivered` the carrier says the handset got it,
 * `bounced` it failed because of the number (which is then marked undeliverable for the
 * company), `failed` it failed for another reason. Undefined: nothing to record.
 */
export interface StatusChange {
  readonly status: 'sent' | 'delivered' | 'bounced' | 'failed'
  readonly reason?: string
}

/**
 * Twilio's MessageStatus (https://www.twilio.com/docs/messaging/api/message-resource, "Message
 * status values") with its ErrorCode on undelivered and failed.
 */
export function twilioStatusChange(
  messageStatus: string | undefined,
  errorCode: string | undefined,
): StatusChange | undefined {
  switch (messageStatus) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
    case 'sending':
    case 'sent':
      return { status: 'sent' }
    case 'delivered':
    case 'read':
      return { status: 'delivered' }
    case 'undelivered':
    case 'failed':
    case 'canceled': {
      const code = errorCode ? Number(errorCode) : undefined
      const reason = `twilio ${messageStatus}${errorCode ? ` ${errorCode}` : ''}`
      const badNumber = code !== undefined && TWILIO_BAD_NUMBER_CODES.has(code)
      return { status: badNumber ? 'bounced' : 'failed', reason }
    }
    default:
      return undefined
  }
}

/**
 * Vonage's delivery receipt `err-code`
 * (https://api.support.vonage.com/hc/en-us/articles/204014733): 3 absent subscriber
 * (permanent, "remove from your database"), 4 call barred by user (permanent), 12 destination
 * unreachable ("confirm the recipient's number").
 */
const VONAGE_BAD_NUMBER: ReadonlySet<string> = new Set(['3', '4', '12'])

/**
 * Vonage's receipt `status` (https://developer.vonage.com/messaging/sms/guides/delivery-receipts):
 * delivered, accepted and buffered (on their way), expired, failed, rejected; `unknown` says
 * nothing, so nothing is recorded.
 */
export function vonageStatusChange(
  status: string | undefined,
  errCode: string | undefined,
): StatusChange | undefined {
  switch (status) {
    case 'accepted':
    case 'buffered':
      return { status: 'sent' }
    case 'delivered':
      return { status: 'delivered' }
    case 'expired':
    case 'failed':
    case 'rejected': {
      const reason = `vonage ${status}${errCode ? ` err-code ${errCode}` : ''}`
      const badNumber = errCode !== undefined && VONAGE_BAD_NUMBER.has(errCode)
      return { status: badNumber ? 'bounced' : 'failed', reason }
    }
    default:
      return undefined
  }
}
