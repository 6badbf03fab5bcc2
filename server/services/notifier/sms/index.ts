import type { CompanyRow } from '#server/db/schema/index.ts'
import type { SmsProvider, SmsTransports } from '../transports.ts'
import { smsStatusUrl } from './callback-url.ts'
import { smsRouteFor } from './settings.ts'
import { twilioProvider } from './twilio.ts'
import { vonageProvider } from './vonage.ts'

/**
 * SMS through real providers (docs/decisions/055-sms-providers.md): Twilio and
 * Vonage adapters behind the outbox's SmsTransports seam, chosen per company, and what their
 * delivery webhooks need (server/routes/sms-status).
 */
export { smsAccount } from './accounts.ts'
export { SMS_STATUS_PATHS, smsStatusUrl } from './callback-url.ts'
export { twilioStatusChange, vonageStatusChange } from './delivery-status.ts'
export { findSmsRow, recordSmsStatus } from './record-status.ts'
export { smsConfigured, smsRouteFor } from './settings.ts'
export { validTwilioSignature } from './twilio-signature.ts'
export { isFreshVonageTimestamp, verifyVonageSignature } from './vonage-signature.ts'

export interface SmsTransportOptions {
  /** how long a provider may take to answer (10 s) */
  readonly timeoutMs?: number | undefined
}

/**
 * The SMS transports of this process. The environment is read at each message, as payment
 * secrets are, so credentials rotate without a restart; `forCompany` answers undefined when no
 * provider with credentials and a sender applies (the message then stays in the outbox).
 */
export function createSmsTransports(
  env: NodeJS.ProcessEnv = process.env,
  options: SmsTransportOptions = {},
): SmsTransports {
  const { timeoutMs } = options
  return {
    forCompany(company: CompanyRow): SmsProvider | undefined {
      const route = smsRouteFor(company, env)
      if (!route) return undefined
      const { account, sender } = route
      const callback = smsStatusUrl(company, account.provider)
      if (account.provider === 'twilio') {
        return twilioProvider({ account, sender, statusCallback: callback, timeoutMs })
      }
      // smsRouteFor gives Vonage a sender: it has no messaging service to fall back on
      return sender ? vonageProvider({ account, sender, callback, timeoutMs }) : undefined
    },
  }
}
