import type { CompanyRow } from '#server/db/schema/index.ts'
import { apiBase, ownSecrets, platformSecrets, type SecretReader } from '#server/kernel/index.ts'
import { isVonageSignatureMethod, type VonageSignatureMethod } from './vonage-signature.ts'

export type SmsProviderName = 'twilio' | 'vonage'
export const SMS_PROVIDERS: readonly SmsProviderName[] = ['twilio', 'vonage']

export interface TwilioAccount {
  readonly provider: 'twilio'
  readonly accountSid: string
  readonly authToken: string
  readonly messagingServiceSid: string | undefined
  readonly base: string
}

export interface VonageAccount {
  readonly provider: 'vonage'
  readonly apiKey: string
  readonly apiSecret: string
  /** signed delivery receipts (enabled on the account by Vonage support) */
  readonly signature:
    | { readonly secret: string; readonly method: VonageSignatureMethod }
    | undefined
  readonly base: string
}

export type SmsAccount = TwilioAccount | VonageAccount

/**
 * A provider's account for a company: the company's own (NAME__<TOKEN>) when its required names
 * are all set, else the platform's (NAME). Read as one set, never name by name, so a company's
 * account id is never paired with the platform's token. The optional names (messaging service,
 * signature secret) and the API base come from the same side.
 */
export function smsAccount(
  provider: SmsProviderName,
  company: Pick<CompanyRow, 'token'> | undefined,
  env: NodeJS.ProcessEnv = process.env,
): SmsAccount | undefined {
  const sides = company ? [ownSecrets(company, env), platformSecrets(env)] : [platformSecrets(env)]
  for (const read of sides) {
    const account = provider === 'twilio' ? twilioAccount(read) : vonageAccount(read)
    if (account) return account
  }
  return undefined
}

function twilioAccount(read: SecretReader): TwilioAccount | undefined {
  const accountSid = read('TWILIO_ACCOUNT_SID')
  const authToken = read('TWILIO_AUTH_TOKEN')
  if (!accountSid || !authToken) return undefined
  return {
    provider: 'twilio',
    accountSid,
    authToken,
    messagingServiceSid: read('TWILIO_MESSAGING_SERVICE_SID'),
    base: apiBase(read, 'TWILIO_API_BASE', 'https://api.twilio.com'),
  }
}

function vonageAccount(read: SecretReader): VonageAccount | undefined {
  const apiKey = read('VONAGE_API_KEY')
  const apiSecret = read('VONAGE_API_SECRET')
  if (!apiKey || !apiSecret) return undefined
  const secret = read('VONAGE_SIGNATURE_SECRET')
  const method = read('VONAGE_SIGNATURE_METHOD') ?? 'md5hash'
  return {
    provider: 'vonage',
    apiKey,
    apiSecret,
    // an unknown method cannot verify anything: receipts are then refused, not trusted
    signature: secret && isVonageSignatureMethod(method) ? { secret, method } : undefined,
    base: apiBase(read, 'VONAGE_API_BASE', 'https://rest.nexmo.com'),
  }
}
