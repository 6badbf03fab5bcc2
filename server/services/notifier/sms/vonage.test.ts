import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SmsProvider } from '../transports.ts'
import { SmsProviderUnavailable } from './failure.ts'
import { createSmsTransports } from './index.ts'
import { withSms } from './testing/company.ts'
import { type SmsProviderStub, startSmsProviderStub } from './testing/provider-stub.ts'

/** The Vonage adapter against a local server answering as Vonage's SMS API documents. */
let stub: SmsProviderStub
let env: NodeJS.ProcessEnv
const company = withSms({ provider: 'vonage', sender: 'Alpha' })

function vonage(extra: NodeJS.ProcessEnv = {}): SmsProvider {
  const provider = createSmsTransports({ ...env, ...extra }).forCompany(company)
  if (!provider) throw new Error('vonage not configured')
  return provider
}
const sms = (to = '+33612345678', text = 'Votre code : 123456') => ({ to, text, reference: '42' })

beforeAll(async () => {
  stub = await startSmsProviderStub({
    twilio: { accountSid: 'AC1', authToken: 't' },
    vonage: { apiKey: 'vonage-key', apiSecret: 'vonage-secret' },
  })
  env = {
    VONAGE_API_KEY: 'vonage-key',
    VONAGE_API_SECRET: 'vonage-secret',
    VONAGE_API_BASE: stub.url,
  }
})
beforeEach(() => {
  stub.requests.length = 0
})
afterAll(() => stub?.close())

describe('vonage adapter', () => {
  it('sends key, secret, sender, number without +, text, receipt callback and our reference', async () => {
    const outcome = await vonage().send(sms())
    expect(outcome).toMatchObject({ kind: 'sent', provider: 'vonage' })
    expect(outcome.kind === 'sent' && outcome.providerMessageId).toMatch(/^[0-9a-f-]{36}$/)
    expect(stub.requests[0]?.path).toBe('/sms/json')
    expect(stub.requests[0]?.form).toEqual({
      api_key: 'vonage-key',
      api_secret: 'vonage-secret',
      from: 'Alpha',
      to: '33612345678',
      text: 'Votre code : 123456',
      'status-report-req': 'true',
      callback: 'http://alpha.localhost:4321/api/notify/sms/vonage',
      'client-ref': '42',
    })
  })

  it('says type=unicode when the text is not GSM-7, and sends it intact', async () => {
    const text = 'À bientôt, ça commence à 10h 💇'
    expect(await vonage().send(sms('+33612345678', text))).toMatchObject({ kind: 'sent' })
    expect(stub.requests[0]?.form.type).toBe('unicode')
    expect(stub.requests[0]?.form.text).toBe(text)
  })

  it('refuses an unroutable number (status 6) as undeliverable, an unparsable one without asking', async () => {
    stub.answerNext('invalid-number')
    const refused = await vonage().send(sms('+33699999999'))
    expect(refused).toMatchObject({ kind: 'refused', provider: 'vonage', undeliverable: true })
    expect(refused.kind === 'refused' && refused.reason).toContain('status 6')
    expect(await vonage().send(sms('06'))).toMatchObject({ kind: 'refused', undeliverable: true })
    expect(stub.requests).toHaveLength(1)
  })

  it('refuses bad credentials (status 4) without blaming the number', async () => {
    const outcome = await vonage({ VONAGE_API_SECRET: 'wrong' }).send(sms())
    expect(outcome).toMatchObject({ kind: 'refused', undeliverable: false })
  })

  it('throws when throttled (status 1), failing (500) or unreachable, so the queue retries', async () => {
    stub.answerNext('rate-limited')
    await expect(vonage().send(sms())).rejects.toThrow(/status 1/)
    stub.answerNext('server-error')
    await expect(vonage().send(sms())).rejects.toThrow(/HTTP 500/)
    const closed = await startSmsProviderStub({
      twilio: { accountSid: 'AC1', authToken: 't' },
      vonage: { apiKey: 'k', apiSecret: 's' },
    })
    await closed.close()
    await expect(vonage({ VONAGE_API_BASE: closed.url }).send(sms())).rejects.toBeInstanceOf(
      SmsProviderUnavailable,
    )
  })
})
