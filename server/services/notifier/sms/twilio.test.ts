import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SmsProvider } from '../transports.ts'
import { SmsProviderUnavailable } from './failure.ts'
import { createSmsTransports } from './index.ts'
import { companyRow } from './testing/company.ts'
import { type SmsProviderStub, startSmsProviderStub } from './testing/provider-stub.ts'

/** The Twilio adapter against a local server answering as Twilio's Messages API documents. */
const SID = 'AC0123456789abcdef0123456789abcdef'
const TOKEN = 'twilio-auth-token'
let stub: SmsProviderStub
let env: NodeJS.ProcessEnv

function twilio(extra: NodeJS.ProcessEnv = {}, timeoutMs?: number): SmsProvider {
  const provider = createSmsTransports({ ...env, ...extra }, { timeoutMs }).forCompany(companyRow())
  if (!provider) throw new Error('twilio not configured')
  return provider
}
const sms = (to = '+33612345678', text = 'Votre code : 123456') => ({ to, text, reference: '42' })

beforeAll(async () => {
  stub = await startSmsProviderStub({
    twilio: { accountSid: SID, authToken: TOKEN },
    vonage: { apiKey: 'k', apiSecret: 's' },
  })
  env = {
    SMS_PROVIDER: 'twilio',
    SMS_SENDER: 'Alpha Salon',
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_API_BASE: stub.url,
  }
})
beforeEach(() => {
  stub.requests.length = 0
})
afterAll(() => stub?.close())

describe('twilio adapter', () => {
  it('sends To, From, Body and the status callback with Basic auth, and keeps the sid', async () => {
    const outcome = await twilio().send(sms())
    expect(outcome).toMatchObject({ kind: 'sent', provider: 'twilio' })
    expect(outcome.kind === 'sent' && outcome.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/)
    const [request] = stub.requests
    expect(request?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`)
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    )
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(request?.form).toEqual({
      To: '+33612345678',
      From: 'Alpha Salon',
      Body: 'Votre code : 123456',
      StatusCallback: 'http://alpha.localhost:4321/api/notify/sms/twilio',
    })
  })

  it('goes through the messaging service when one is configured, From only if a sender is', async () => {
    const service = { TWILIO_MESSAGING_SERVICE_SID: 'MG0123', SMS_SENDER: '' }
    expect(await twilio(service).send(sms())).toMatchObject({ kind: 'sent' })
    expect(stub.requests[0]?.form.MessagingServiceSid).toBe('MG0123')
    expect(stub.requests[0]?.form.From).toBeUndefined()
  })

  it('passes Unicode text as is (Twilio picks the encoding)', async () => {
    const text = 'Rendez-vous confirmé, à bientôt ! 💇 ça commence à 10h'
    expect(await twilio().send(sms('+33612345678', text))).toMatchObject({ kind: 'sent' })
    expect(stub.requests[0]?.form.Body).toBe(text)
  })

  it('refuses an invalid number as undeliverable (21211), and an unparsable one without asking', async () => {
    stub.answerNext('invalid-number')
    const refused = await twilio().send(sms('+33699999999'))
    expect(refused).toMatchObject({ kind: 'refused', provider: 'twilio', undeliverable: true })
    expect(refused.kind === 'refused' && refused.reason).toContain('21211')
    expect(await twilio().send(sms('not a phone'))).toMatchObject({
      kind: 'refused',
      undeliverable: true,
    })
    expect(stub.requests).toHaveLength(1)
  })

  it('refuses bad credentials (401 20003) without blaming the number', async () => {
    const outcome = await twilio({ TWILIO_AUTH_TOKEN: 'wrong' }).send(sms())
    expect(outcome).toMatchObject({ kind: 'refused', undeliverable: false })
    expect(outcome.kind === 'refused' && outcome.reason).toContain('20003')
  })

  it('throws when rate limited, failing or unreachable, so the job queue retries', async () => {
    stub.answerNext('rate-limited')
    await expect(twilio().send(sms())).rejects.toThrow(/429 20429/)
    stub.answerNext('server-error')
    await expect(twilio().send(sms())).rejects.toBeInstanceOf(SmsProviderUnavailable)
    stub.answerNext('hang')
    await expect(twilio({}, 300).send(sms())).rejects.toThrow(/TimeoutError/)
    const closed = await startSmsProviderStub({
      twilio: { accountSid: SID, authToken: TOKEN },
      vonage: { apiKey: 'k', apiSecret: 's' },
    })
    await closed.close()
    await expect(twilio({ TWILIO_API_BASE: closed.url }).send(sms())).rejects.toBeInstanceOf(
      SmsProviderUnavailable,
    )
  })
})
