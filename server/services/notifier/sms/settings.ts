import { bookerSms, smsSender } from '#contract/company-booker.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { secretsFor } from '#server/kernel/index.ts'
import { SMS_PROVIDERS, type SmsAccount, type SmsProviderName, smsAccount } from './accounts.ts'

/** How a company's SMS go: the provider, its account, the sender the customer sees. */
export interface SmsRoute {
  readonly account: SmsAccount
  /** alphanumeric sender id or E.164 number; Twilio may do without, through its messaging service */
  readonly sender: string | undefined
}

/**
 * The company's choice (booker.sms) or, when it names none, the platform's (SMS_PROVIDER,
 * SMS_SENDER, each also per company as NAME__<TOKEN>), with an account that has credentials.
 * Undefined when nothing applies: no provider named, no credentials, no sender, or a booker.sms
 * that breaks the contract (a typo is not a working provider: nothing is sent, as a company with
 * broken payment settings takes no payment).
 */
export function smsRouteFor(
  company: CompanyRow,
  env: NodeJS.ProcessEnv = process.env,
): SmsRoute | undefined {
  const choice = companyChoice(company)
  if (choice === 'broken') return undefined
  const read = secretsFor(company, env)
  const provider = choice?.provider ?? platformProvider(read('SMS_PROVIDER'))
  if (!provider) return undefined
  const sender = choice?.sender ?? read('SMS_SENDER')
  if (sender !== undefined && !smsSender.safeParse(sender).success) return undefined
  const account = smsAccount(provider, company, env)
  if (!account) return undefined
  const canSend =
    sender !== undefined || (account.provider === 'twilio' && account.messagingServiceSid)
  return canSend ? { account, sender } : undefined
}

/**
 * Whether SMS can reach this company's customers (a provider with credentials and a sender): the
 * sign-up asks for an SMS code only then, an e-mail code otherwise (docs/decisions/057-signup-codes.md). Pure: reads the
 * company row and the environment given.
 */
export function smsConfigured(company: CompanyRow, env: NodeJS.ProcessEnv = process.env): boolean {
  return smsRouteFor(company, env) !== undefined
}

function companyChoice(company: CompanyRow) {
  const booker = company.data.booker
  if (typeof booker !== 'object' || booker === null || Array.isArray(booker)) return undefined
  const raw = (booker as Record<string, unknown>).sms
  if (raw === undefined || raw === null || raw === '') return undefined
  const parsed = bookerSms.safeParse(raw)
  return parsed.success ? parsed.data : 'broken'
}

function platformProvider(value: string | undefined): SmsProviderName | undefined {
  return SMS_PROVIDERS.find((name) => name === value?.toLowerCase())
}
