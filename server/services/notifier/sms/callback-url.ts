import type { CompanyRow } from '#server/db/schema/index.ts'
import { siteBase } from '#server/kernel/index.ts'
import type { SmsProviderName } from './accounts.ts'

/** Where each provider posts its delivery reports (server/routes/sms-status). */
export const SMS_STATUS_PATHS: Readonly<Record<SmsProviderName, string>> = {
  twilio: '/api/notify/sms/twilio',
  vonage: '/api/notify/sms/vonage',
}

/**
 * The public address of the status webhook, on the company's site as payment notifications are
 * (server/services/payments/context.ts notifyUrl: the serve process proxies /api to the API).
 * Twilio signs the exact URL it was given, so the route rebuilds it with this same function.
 */
export function smsStatusUrl(company: CompanyRow, provider: SmsProviderName): string {
  return `${siteBase(company)}${SMS_STATUS_PATHS[provider]}`
}
