import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { company } from '#contract/company.ts'
import { countPublished, providerBearer } from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * Theme preview at run time (docs/decisions/064-error-page-preview-and-shop-times.md): a provider
 * keeps an unpublished theme; GET /api/companies/me answers it for its token and a provider of the
 * company only; nothing is published.
 */
let t: TestApi
let provider: string
let customer: string
let betaProvider: string
beforeAll(async () => {
  t = await startTestApi({ config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] } })
  provider = await bearer(t, 'alpha.localhost', 'provider')
  customer = await bearer(t, 'alpha.localhost', 'customer')
  betaProvider = await providerBearer(t.db, 'beta.localhost')
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const draft = (colour: string) => ({
  themes: { general: { light: { buttonsColor: colour } }, customCss: '.preview{color:red}' },
})

async function keep(colour: string, as = provider): Promise<string> {
  const res = await t.call('/api/companies/preview', { ...alpha, bearer: as, json: draft(colour) })
  expect(res.status).toBe(200)
  return (res.body as { previewToken: string }).previewToken
}

async function meWith(token: string, as?: string, header = alpha) {
  const res = await t.call('/api/companies/me', {
    ...header,
    ...(as === undefined ? {} : { bearer: as }),
    headers: { previewtheme: token },
  })
  return { status: res.status, company: res.status === 200 ? company.parse(res.body) : undefined }
}

describe('POST /api/companies/preview', () => {
  it('keeps a theme for a provider of the company, publishes nothing, leaks no token', async () => {
    const published = await countPublished(t.db)
    const token = await keep('#aa0000')
    expect(token.length).toBeGreaterThanOrEqual(20)
    expect(await countPublished(t.db)).toBe(published)
    // the published company, as the build and every visitor read it: unchanged, no preview in it
    const plain = await t.call('/api/companies/me', alpha)
    expect(company.parse(plain.body).themes.general.light.buttonsColor).not.toBe('#aa0000')
    const own = await t.call('/api/companies/alpha-token', { ...alpha, bearer: provider })
    for (const body of [plain.body, own.body]) {
      expect(JSON.stringify(body)).not.toMatch(/themePreview|tokenHash|#aa0000/)
      expect(JSON.stringify(body)).not.toContain(token)
    }
  })

  it('refuses a visitor, a customer and another company’s provider, and a theme that is not one', async () => {
    for (const as of [undefined, customer, betaProvider]) {
      const res = await t.call('/api/companies/preview', {
        ...alpha,
        ...(as === undefined ? {} : { bearer: as }),
        json: draft('#00aa00'),
      })
      expect(res.status).toBe(401)
    }
    const bad = await t.call('/api/companies/preview', {
      ...alpha,
      bearer: provider,
      json: { themes: { general: { light: { buttonsColor: 'red;}body{x' } } } },
    })
    expect(bad).toMatchObject({ status: 400, body: { type: 'invalidInput' } })
  })
})

describe('GET /api/companies/me with previewtheme', () => {
  it('answers the kept theme for its token and a provider of the company', async () => {
    const token = await keep('#0000aa')
    const { company: seen } = await meWith(token, provider)
    expect(seen?.previewTheme).toBe(true)
    expect(seen?.themes.general.light.buttonsColor).toBe('#0000aa')
    expect(seen?.themes.customCss).toBe('.preview{color:red}')
    expect(seen?.identity.displayName).toBe('Alpha Spa')
  })

  it('anyone else, or another token, gets the published company', async () => {
    const token = await keep('#00aaaa')
    const cases = [
      await meWith(token),
      await meWith(token, customer),
      await meWith('1', provider),
      await meWith(`${token}x`, provider),
      // another company's provider, on its own company
      await meWith(token, betaProvider, { company: 'beta-token' }),
    ]
    for (const { status, company: seen } of cases) {
      expect(status).toBe(200)
      expect(seen?.themes.general.light.buttonsColor).not.toBe('#00aaaa')
      expect(seen?.themes.customCss).not.toBe('.preview{color:red}')
    }
  })

  it('another company’s session or a dead one is refused, as on every call with a bearer', async () => {
    const token = await keep('#aaaa00')
    for (const as of [betaProvider, 'a-session-that-was-never-issued']) {
      const res = await t.call('/api/companies/me', {
        ...alpha,
        bearer: as,
        headers: { previewtheme: token },
      })
      expect(res).toMatchObject({ status: 401, body: { code: 401, type: 'invalidToken' } })
    }
  })

  it('a burst of saves keeps exactly one theme, the one whose token previews', async () => {
    const colours = ['#110000', '#220000', '#330000', '#440000', '#550000', '#660000']
    const tokens = await Promise.all(colours.map((colour) => keep(colour)))
    const seen = await Promise.all(tokens.map((token) => meWith(token, provider)))
    const previewing = seen
      .map((s, i) => (s.company?.themes.general.light.buttonsColor === colours[i] ? i : -1))
      .filter((i) => i >= 0)
    expect(previewing).toHaveLength(1)
  })
})
