import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { escapeControl, redactPath, requestLog } from './request-log.ts'

/** docs/security.md "tokens and personal data in the request log". */

/** Any control character or line separator left raw in a log line. */
const RAW_CONTROL = /[\p{Cc}\u2028\u2029]/u

describe('redactPath', () => {
  it('hides a token in the path, keeps the token-by-host call readable', () => {
    expect(redactPath('/api/users/token/abc.DEF-123')).toBe('/api/users/token/***')
    expect(redactPath('/api/cmpusers/token/abc/x')).toBe('/api/cmpusers/token/***/x')
    expect(redactPath('/api/companies/token/host/alpha.localhost')).toBe(
      '/api/companies/token/host/alpha.localhost',
    )
  })

  it('escapes every control character and line separator', () => {
    expect(escapeControl('a\u0000b\nc\rd\te\u007ff\u0085g\u2028h')).toBe(
      'a\\x00b\\x0ac\\x0dd\\x09e\\x7ff\\x85g\\u2028h',
    )
    for (let code = 0; code < 0x2030; code++) {
      expect(RAW_CONTROL.test(redactPath(`/a${String.fromCharCode(code)}b`)), `U+${code}`).toBe(
        false,
      )
    }
    expect(redactPath('/api/shops/caf\u00e9')).toBe('/api/shops/caf\u00e9')
  })
})

describe('the request log line', () => {
  it('leaves out the query string and escapes a decoded control character (app.request)', async () => {
    const lines: string[] = []
    const app = new Hono()
    app.use(requestLog((line) => lines.push(line)))
    app.get('*', (c) => c.text('ok'))
    await app.request('/api/x%00y%0A200%200ms%0AGET%20/forged?email=someone@example.com&t=1')
    expect(lines).toHaveLength(1)
    const [line = ''] = lines
    expect(line).not.toMatch(RAW_CONTROL)
    expect(line).not.toContain('someone')
    expect(line).not.toContain('?')
    expect(line).toMatch(/^GET \/api\/x\\x00y\\x0a200 0ms\\x0aGET \/forged 200 \d+ms$/)
  })

  describe('of the running API', () => {
    let t: TestApi
    beforeAll(async () => {
      t = await startTestApi()
    })
    afterAll(() => t.close())

    const linesOf = async (path: string, headers: Record<string, string> = {}) => {
      const from = t.logs.length
      await fetch(`${t.url}${path}`, { headers: { company: 'alpha-token', ...headers } })
      return t.logs.slice(from)
    }

    it('has no query string, no reset token, no raw control character', async () => {
      const query = await linesOf('/api/companies/me?email=someone%40example.com&phone=0612345678')
      expect(query.join('\n')).toContain('GET /api/companies/me 200')
      expect(query.join('\n')).not.toMatch(/someone|0612345678|\?/)

      const token = 'resetTokenSECRET123'
      for (const path of [`/api/users/token/${token}`, `/api/cmpusers/token/${token}`]) {
        const lines = await linesOf(path)
        expect(lines.join('\n')).toContain('/token/*** ')
        expect(lines.join('\n')).not.toContain(token)
      }

      const control = await linesOf('/api/shops/slug/a%00b%0D%0Aforged%20line')
      expect(control.length).toBeGreaterThan(0)
      for (const line of control) expect(line).not.toMatch(RAW_CONTROL)
      expect(control.join('\n')).toContain('a\\x00b\\x0d\\x0aforged line')
    })
  })
})
