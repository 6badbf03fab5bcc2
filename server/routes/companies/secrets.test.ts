import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedTenant, type Tenant } from '#server/conformance/sessions.ts'
import { companySuffix, secretsFor } from '#server/kernel/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * docs/security.md "provider secrets sent to browsers": secrets live in the environment only,
 * so no company answer (the public startup calls, nor the provider's own company reads) may
 * carry one. Every secret name the providers read is set, shared and per company, to a value
 * that is then looked for in the raw JSON of every answer.
 */

const NAMES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_WEBHOOK_ID',
  'PAYZEN_SHOP_ID',
  'PAYZEN_PASSWORD',
  'PAYZEN_HMAC_KEY',
  'SAFERPAY_CUSTOMER_ID',
  'SAFERPAY_TERMINAL_ID',
  'SAFERPAY_USERNAME',
  'SAFERPAY_PASSWORD',
  'MONETICO_TPE',
  'MONETICO_KEY',
  'MONETICO_COMPANY',
  'PUBLISH_WEBHOOK_SECRET',
  // SMS providers' credentials (decision 055)
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'VONAGE_API_KEY',
  'VONAGE_API_SECRET',
  'VONAGE_SIGNATURE_SECRET',
]
const TOKENS = ['alpha-token', 'beta-token']

/** name (or name__SUFFIX) -> a value found nowhere else. */
const planted = new Map<string, string>()
for (const name of NAMES) {
  planted.set(name, `planted-${name.toLowerCase()}-shared-9f3c`)
  for (const token of TOKENS) {
    const key = `${name}__${companySuffix(token)}`
    planted.set(key, `planted-${key.toLowerCase()}-own-9f3c`)
  }
}
const before = new Map<string, string | undefined>()

let t: TestApi
let tenants: Tenant[]
beforeAll(async () => {
  for (const [key, value] of planted) {
    before.set(key, process.env[key])
    process.env[key] = value
  }
  t = await startTestApi({
    config: { publishWebhookSecret: planted.get('PUBLISH_WEBHOOK_SECRET') ?? '' },
  })
  tenants = [await seedTenant(t, 'alpha'), await seedTenant(t, 'beta')]
})
afterAll(async () => {
  await t?.close()
  for (const [key, value] of before) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
})

describe('provider secrets never leave the server in a company answer', () => {
  it('the planted values are the ones the payment code reads (the test is not vacuous)', () => {
    const alpha = secretsFor({ token: 'alpha-token' })
    expect(alpha('STRIPE_SECRET_KEY')).toBe(planted.get('STRIPE_SECRET_KEY__ALPHA_TOKEN'))
    expect(secretsFor({ token: 'gamma' })('PAYPAL_CLIENT_SECRET')).toBe(
      planted.get('PAYPAL_CLIENT_SECRET'),
    )
  })

  it('GET /api/companies/me, token by host, offline, and the provider’s company reads', async () => {
    const texts: string[] = []
    const read = async (path: string, headers: Record<string, string>) => {
      const res = await fetch(`${t.url}${path}`, { headers })
      expect(res.status, path).toBe(200)
      texts.push(await res.text())
    }
    for (const tenant of tenants) {
      const company = tenant.token
      await read('/api/companies/me', { company })
      await read('/api/companies/me', { company, debug: '1', previewtheme: 'x' })
      await read('/api/companies/me', {
        company,
        authorization: `Bearer ${tenant.bearers.customer}`,
      })
      await read(`/api/companies/token/host/${tenant.host}`, {})
      await read('/api/companies/offline', { company })
      const provider = { company, authorization: `Bearer ${tenant.bearers.provider}` }
      await read('/api/companies', provider)
      await read(`/api/companies/${company}`, provider)
    }
    await read('/api/companies/offline', {})
    expect(texts.length).toBe(15)
    const all = texts.join('\n')
    // The answers are the companies (not empty refusals) …
    expect(all).toContain('"token":"alpha-token"')
    // … and carry none of the planted values, nor their distinctive marker.
    for (const [key, value] of planted) expect(all, key).not.toContain(value)
    expect(all).not.toContain('9f3c')
  })
})
