import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseTrustProxy } from '#server/config.ts'
import { LOGIN_LIMITS } from '#server/services/auth/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { forwardedClient, isTrustedProxy } from './client-address.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const loopback = ['127.0.0.1', '::1']

describe('TRUST_PROXY', () => {
  it('reads addresses and CIDRs, and refuses anything else at startup', () => {
    expect(parseTrustProxy(undefined)).toEqual([])
    expect(parseTrustProxy(' 127.0.0.1, ::1 ,10.0.0.0/8,fd00::/8,')).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'fd00::/8',
    ])
    for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1', '10.0.0.0/x', '*']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/)
    }
  })

  it('matches addresses, subnets and IPv4 peers of a dual-stack socket', () => {
    expect(isTrustedProxy('127.0.0.1', loopback)).toBe(true)
    expect(isTrustedProxy('::ffff:127.0.0.1', loopback)).toBe(true)
    expect(isTrustedProxy('::1', loopback)).toBe(true)
    expect(isTrustedProxy('127.0.0.2', loopback)).toBe(false)
    expect(isTrustedProxy('10.1.2.3', ['10.0.0.0/8'])).toBe(true)
    expect(isTrustedProxy('11.1.2.3', ['10.0.0.0/8'])).toBe(false)
    expect(isTrustedProxy('127.0.0.1', [])).toBe(false)
    expect(isTrustedProxy('unknown', loopback)).toBe(false)
  })
})

describe('forwardedClient', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(forwardedClient('127.0.0.1', '203.0.113.9', [])).toBe('127.0.0.1')
    expect(forwardedClient('198.51.100.4', '203.0.113.9', loopback)).toBe('198.51.100.4')
    expect(forwardedClient('::ffff:198.51.100.4', '203.0.113.9', [])).toBe('198.51.100.4')
  })

  it('takes the entry the trusted proxy appended, never what the client wrote before it', () => {
    expect(forwardedClient('127.0.0.1', '203.0.113.9', loopback)).toBe('203.0.113.9')
    expect(forwardedClient('127.0.0.1', '1.1.1.1, 203.0.113.9', loopback)).toBe('203.0.113.9')
    expect(forwardedClient('::1', ' 203.0.113.9 ', loopback)).toBe('203.0.113.9')
    // No header: the proxy itself is all we know.
    expect(forwardedClient('127.0.0.1', undefined, loopback)).toBe('127.0.0.1')
  })

  it('walks back through a chain of trusted proxies, and stops at garbage', () => {
    const chain = [...loopback, '10.0.0.0/8']
    expect(forwardedClient('127.0.0.1', '1.1.1.1, 203.0.113.9, 10.0.0.5', chain)).toBe(
      '203.0.113.9',
    )
    expect(forwardedClient('127.0.0.1', 'evil, 10.0.0.5', chain)).toBe('10.0.0.5')
    expect(forwardedClient('127.0.0.1', 'not-an-ip', loopback)).toBe('127.0.0.1')
  })
})

/** Wrong passwords for different accounts, each claiming a different X-Forwarded-For address. */
async function spray(t: TestApi, prefix: string, n: number) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      t.call('/api/users/login', {
        company: 'alpha-token',
        json: { email: `${prefix}${i}@example.com`, password: 'guess' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      }),
    ),
  )
}

describe('the login limits count the real client', () => {
  let untrusted: TestApi
  let trusted: TestApi
  beforeAll(async () => {
    // The test client is a loopback peer: here loopback is not a trusted proxy...
    untrusted = await startTestApi({ config: { trustProxy: [] } })
    // ...and here it is, as under `npm start`.
    trusted = await startTestApi({ config: { trustProxy: loopback } })
  })
  afterAll(async () => {
    await untrusted?.close()
    await trusted?.close()
  })

  it('counts X-Forwarded-For from an untrusted peer against the peer itself', async () => {
    const burst = await spray(untrusted, 'spray', LOGIN_LIMITS.perAddress + 10)
    expect(burst.filter((res) => res.status === 200)).toHaveLength(LOGIN_LIMITS.perAddress)
    expect(burst.filter((res) => res.status === 429)).toHaveLength(10)
    // Yet another forged address changes nothing: the peer is locked.
    const next = await untrusted.call('/api/users/login', {
      company: 'alpha-token',
      json: { email: 'camille@example.com', password: 'alpha-password-1' },
      headers: { 'x-forwarded-for': '198.51.100.77' },
    })
    expect(next).toMatchObject({ status: 429, body: { type: 'tooManyAttempts' } })
  })

  it('believes X-Forwarded-For from a trusted proxy: each client has its own count', async () => {
    const burst = await spray(trusted, 'spray', LOGIN_LIMITS.perAddress + 10)
    expect(burst.map((res) => res.status)).toEqual(burst.map(() => 200))
    const owner = await trusted.call('/api/users/login', {
      company: 'alpha-token',
      json: { email: 'camille@example.com', password: 'alpha-password-1' },
      headers: { 'x-forwarded-for': '198.51.100.77' },
    })
    expect(owner.status).toBe(200)
  })
})
