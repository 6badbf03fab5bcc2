import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CODE_LIMITS } from '#server/services/abuse/index.ts'
import { type BurstAnswer, type BurstClient, burstClient, tally } from '#server/test/burst.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

// docs/decisions/061-sign-in-budget.md: GET /api/profiles/phoneavailable is throttled per
// address like the voucher checks and tells an anonymous caller nothing about accounts.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 })

let t: TestApi
beforeAll(async () => {
  t = await startTestApi()
})
afterAll(() => t.close())

let client: BurstClient
beforeAll(() => {
  client = burstClient(t.url)
})
afterAll(() => client.close())

const ask = (phone: string, address: string) =>
  client.call(`/api/profiles/phoneavailable?phone=${encodeURIComponent(phone)}`, {
    company: 'alpha-token',
    address,
  })

const answers = (all: readonly BurstAnswer[]) => tally(all, (body) => String(body.available))

/** Camille's number (seeded) in its spellings, and numbers nobody holds. */
const TAKEN = ['+33612345678', '06 12 34 56 78', '0033 6.12.34.56.78']
const free = (i: number) => `+336${String(10_000_000 + i).slice(-8)}`

describe('GET /api/profiles/phoneavailable', () => {
  it('a burst of 300 look-ups from one address: the allowance answered, the rest refused', async () => {
    const burst = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        ask(i % 2 === 0 ? (TAKEN[i % 3] ?? '') : free(i), '198.51.100.1'),
      ),
    )
    expect(answers(burst)).toEqual({
      '200:true': CODE_LIMITS.failuresPerAddress,
      '429:tooManyCodeChecks': 300 - CODE_LIMITS.failuresPerAddress,
    })
  })

  it('300 look-ups from 300 addresses: a taken number and a free one get the same answer', async () => {
    const burst = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        ask(
          i % 2 === 0 ? (TAKEN[i % 3] ?? '') : free(i),
          `198.51.${101 + Math.floor(i / 200)}.${(i % 200) + 1}`,
        ),
      ),
    )
    expect(answers(burst)).toEqual({ '200:true': 300 })
  })

  it('refuses a malformed number before counting it', async () => {
    for (const phone of ['phone!', '000000']) {
      expect(await ask(phone, '198.51.103.1')).toMatchObject({
        status: 400,
        body: { type: 'invalidInput' },
      })
    }
    expect(answers(await Promise.all(TAKEN.map((phone) => ask(phone, '198.51.103.1'))))).toEqual({
      '200:true': TAKEN.length,
    })
  })

  it('registration step 1 refuses a taken number, and its refusals spend the same allowance', async () => {
    const address = '198.51.104.1'
    const step1 = (i: number) =>
      client.call('/api/users/register/steps/1', {
        company: 'alpha-token',
        address,
        json: { phone: TAKEN[0], email: `probe${i}@example.com`, password: 'probe-password-1' },
      })
    const refused = await Promise.all(Array.from({ length: 30 }, (_, i) => step1(i)))
    expect(answers(refused)).toEqual({
      '409:conflict': CODE_LIMITS.failuresPerAddress,
      '429:tooManyCodeChecks': 30 - CODE_LIMITS.failuresPerAddress,
    })
  })
})
