import { describe, expect, it } from 'vitest'
import { smsAccount } from './accounts.ts'
import { createSmsTransports, smsConfigured, smsRouteFor } from './index.ts'
import { companyRow, withSms } from './testing/company.ts'

const TWILIO = { TWILIO_ACCOUNT_SID: 'AC-platform', TWILIO_AUTH_TOKEN: 'platform-token' }
const VONAGE = { VONAGE_API_KEY: 'platform-key', VONAGE_API_SECRET: 'platform-secret' }
const alpha = companyRow()

describe('which provider carries a company’s SMS', () => {
  it('is off with no provider named, or no credentials for it', () => {
    expect(smsConfigured(alpha, {})).toBe(false)
    expect(smsConfigured(alpha, { ...TWILIO, SMS_SENDER: 'Salon' })).toBe(false)
    expect(smsConfigured(alpha, { SMS_PROVIDER: 'twilio', SMS_SENDER: 'Salon' })).toBe(false)
    expect(smsConfigured(withSms({ provider: 'vonage', sender: 'Salon' }), TWILIO)).toBe(false)
    expect(createSmsTransports({}).forCompany(alpha)).toBeUndefined()
  })

  it('takes the platform default when the company names none', () => {
    const env = { ...TWILIO, SMS_PROVIDER: 'twilio', SMS_SENDER: 'Salon' }
    expect(smsConfigured(alpha, env)).toBe(true)
    expect(createSmsTransports(env).forCompany(alpha)?.name).toBe('twilio')
    // an unknown provider name is no provider
    expect(smsConfigured(alpha, { ...env, SMS_PROVIDER: 'carrier-pigeon' })).toBe(false)
  })

  it("follows the company's choice and sender over the platform's", () => {
    const env = { ...TWILIO, ...VONAGE, SMS_PROVIDER: 'twilio', SMS_SENDER: 'Platform' }
    const company = withSms({ provider: 'vonage', sender: 'Maison L' })
    expect(smsRouteFor(company, env)).toMatchObject({
      account: { provider: 'vonage' },
      sender: 'Maison L',
    })
    expect(createSmsTransports(env).forCompany(company)?.name).toBe('vonage')
    // without its own sender, the platform's
    expect(smsRouteFor(withSms({ provider: 'vonage' }), env)?.sender).toBe('Platform')
  })

  it('needs a sender, except Twilio through a messaging service', () => {
    expect(smsConfigured(withSms({ provider: 'vonage' }), VONAGE)).toBe(false)
    expect(smsConfigured(withSms({ provider: 'twilio' }), TWILIO)).toBe(false)
    const service = { ...TWILIO, TWILIO_MESSAGING_SERVICE_SID: 'MG1' }
    expect(smsConfigured(withSms({ provider: 'twilio' }), service)).toBe(true)
    // a sender the providers would refuse is no sender
    expect(
      smsConfigured(alpha, { ...VONAGE, SMS_PROVIDER: 'vonage', SMS_SENDER: 'Way too long id' }),
    ).toBe(false)
  })

  it('sends nothing for settings that break the contract (no silent fallback)', () => {
    const env = { ...TWILIO, SMS_PROVIDER: 'twilio', SMS_SENDER: 'Salon' }
    expect(smsConfigured(withSms({ provider: 'twillio', sender: 'Salon' }), env)).toBe(false)
    expect(smsConfigured(withSms({ provider: 'twilio', sender: '!!' }), env)).toBe(false)
    // null and '' are "not set", as everywhere in the contract
    expect(smsConfigured(withSms(null), env)).toBe(true)
  })

  it("uses the company's own credentials before the platform's, as one set", () => {
    const env = {
      ...TWILIO,
      TWILIO_ACCOUNT_SID__ALPHA_TOKEN: 'AC-alpha',
      TWILIO_AUTH_TOKEN__ALPHA_TOKEN: 'alpha-token-secret',
      SMS_PROVIDER__ALPHA_TOKEN: 'twilio',
      SMS_SENDER: 'Salon',
    }
    expect(smsAccount('twilio', alpha, env)).toMatchObject({
      accountSid: 'AC-alpha',
      authToken: 'alpha-token-secret',
    })
    // SMS_PROVIDER__<TOKEN> turns SMS on for that company only
    expect(smsConfigured(alpha, env)).toBe(true)
    expect(smsConfigured(companyRow({ token: 'beta-token' }), env)).toBe(false)
    // half a company set is not mixed with the platform's token: the platform's set is used whole
    const half = { ...TWILIO, TWILIO_ACCOUNT_SID__ALPHA_TOKEN: 'AC-alpha' }
    expect(smsAccount('twilio', alpha, half)).toMatchObject({
      accountSid: 'AC-platform',
      authToken: 'platform-token',
    })
  })

  it('reads the Vonage signature method, refusing one it does not know', () => {
    const signed = { ...VONAGE, VONAGE_SIGNATURE_SECRET: 'sig' }
    expect(smsAccount('vonage', alpha, signed)).toMatchObject({
      signature: { secret: 'sig', method: 'md5hash' },
    })
    const sha = { ...signed, VONAGE_SIGNATURE_METHOD: 'sha256' }
    expect(smsAccount('vonage', alpha, sha)).toMatchObject({ signature: { method: 'sha256' } })
    const odd = { ...signed, VONAGE_SIGNATURE_METHOD: 'crc32' }
    expect(smsAccount('vonage', alpha, odd)).toMatchObject({ signature: undefined })
  })
})
