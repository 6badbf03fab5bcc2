import { and, count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { companies, loginAttempts, notifications } from '#server/db/schema/index.ts'
import { ACCOUNT_BUDGET, LOGIN_LIMITS } from '#server/services/auth/index.ts'
import { renderTemplate } from '#server/services/notifier/index.ts'
import { type BurstAnswer, type BurstClient, burstClient, tally } from '#server/test/burst.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { companyIdOf, lastCode } from '#server/test/users.ts'

// docs/decisions/061-sign-in-budget.md: a per-account budget of failed passwords, whatever the
// addresses, past which a sign-in needs the code e-mailed to the account. A 1,000-request burst
// on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 })

let t: TestApi
let alpha: number
beforeAll(async () => {
  t = await startTestApi()
  alpha = await companyIdOf(t, 'alpha.localhost')
})
afterAll(() => t.close())

let client: BurstClient
beforeAll(() => {
  client = burstClient(t.url)
})
afterAll(() => client.close())

/** A sign-in from `address`, as the trusted proxy of the tests forwards it (decision 014). */
const signIn = (
  json: { email: string; password: string; code?: string },
  address: string,
  path = '/api/users/login',
) => client.call(path, { company: 'alpha-token', address, json })

/** 1,000 distinct addresses of 10.0.0.0/8, each used once. */
const addresses = (n: number, prefix: number) =>
  Array.from({ length: n }, (_, i) => `10.${prefix}.${Math.floor(i / 250)}.${(i % 250) + 1}`)

const failuresOf = async (email: string) => {
  const [row] = await t.db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.companyId, alpha), eq(loginAttempts.email, email)))
  return row?.n ?? 0
}

const mailsTo = async (email: string) => {
  const [row] = await t.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipient, email), like(notifications.subject, '%code%')))
  return row?.n ?? 0
}

const outcomes = (all: readonly BurstAnswer[]) =>
  tally(all, (body) => (typeof body.token === 'string' ? 'token' : '?'))

/**
 * A burst's answers: `checked` (the refusal of a checked password) at most the budget, every
 * other one `signInCodeRequired`. Exactly the budget unless a call was sent again after a reset
 * (server/test/burst.ts): its first sending may have been checked unanswered; the attempt rows
 * say exactly what was checked.
 */
function expectBudgetAnswers(all: readonly BurstAnswer[], checked: string) {
  const by = outcomes(all)
  expect(Object.keys(by).sort()).toEqual([`200:${checked}`, '200:signInCodeRequired'].sort())
  const answered = by[`200:${checked}`] ?? 0
  if (client.resets() === 0) expect(answered).toBe(ACCOUNT_BUDGET.failures)
  else expect(answered).toBeLessThanOrEqual(ACCOUNT_BUDGET.failures)
  expect(answered + (by['200:signInCodeRequired'] ?? 0)).toBe(all.length)
}

describe('the per-account budget of failed passwords', () => {
  it('a burst of 1,000 wrong passwords from 1,000 addresses checks at most the budget, mails one code', async () => {
    const email = 'camille@example.com'
    const burst = await Promise.all(
      addresses(1000, 1).map((address, i) => signIn({ email, password: `guess-${i}` }, address)),
    )
    // each address is under its own limits: only the account's budget refuses
    expectBudgetAnswers(burst, 'credentials')
    // every checked password left its row, the refused calls none: exactly the budget
    expect(await failuresOf(email)).toBe(ACCOUNT_BUDGET.failures)
    expect(ACCOUNT_BUDGET.failures).toBeLessThanOrEqual(100) // OWASP ASVS 2.2.1, per hour
    expect(await mailsTo(email)).toBe(1)
  })

  it('the mail says it is a sign-in code, in the words of the sign-in', async () => {
    const [mail] = await t.db
      .select({ template: notifications.template })
      .from(notifications)
      .where(eq(notifications.recipient, 'camille@example.com'))
    expect(mail?.template).toMatchObject({ kind: 'code', props: { purpose: 'signIn' } })
    const [company] = await t.db.select().from(companies).where(eq(companies.id, alpha))
    if (!mail?.template) throw new Error('no template')
    const rendered = await renderTemplate(mail.template, company)
    expect(rendered.html).toContain('Votre code de connexion')
    expect(rendered.html).not.toContain('Pour terminer votre inscription')
  })

  it('then the right password alone is refused with signInCodeRequired, a wrong code with invalidCode', async () => {
    const email = 'camille@example.com'
    const plain = await signIn({ email, password: 'alpha-password-1' }, '192.0.2.10')
    expect(plain).toEqual({ status: 200, body: { errType: 'signInCodeRequired' } })
    const code = await lastCode(t, email, 'email')
    const wrong = code === '000000' ? '000001' : '000000'
    const guessed = await signIn({ email, password: 'alpha-password-1', code: wrong }, '192.0.2.10')
    expect(guessed).toEqual({ status: 200, body: { errType: 'invalidCode' } })
    // the refusals mailed nothing more: the live code is the one in the inbox
    expect(await mailsTo(email)).toBe(1)
  })

  it('wrong codes from many addresses do not spend the owner code, which signs the owner in once', async () => {
    const email = 'camille@example.com'
    const code = await lastCode(t, email, 'email')
    const others = Array.from({ length: 100 }, (_, i) => String(i).padStart(6, '9')).filter(
      (guess) => guess !== code,
    )
    const guesses = await Promise.all(
      others.map((guess, i) =>
        signIn({ email, password: 'alpha-password-1', code: guess }, addresses(100, 2)[i] ?? ''),
      ),
    )
    expect(outcomes(guesses)).toEqual({ '200:invalidCode': others.length })
    const owner = await signIn({ email, password: 'alpha-password-1', code }, '192.0.2.20')
    expect(owner.status).toBe(200)
    expect(owner.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // spent by the success: the same code again is refused, and a new one is mailed
    const again = await signIn({ email, password: 'alpha-password-1', code }, '192.0.2.20')
    expect(again.body).toEqual({ errType: 'invalidCode' })
    expect(await mailsTo(email)).toBe(2)
    const next = await lastCode(t, email, 'email')
    const back = await signIn({ email, password: 'alpha-password-1', code: next }, '192.0.2.21')
    expect(back.body.token).toBeDefined()
  })

  it('code guesses from one address are bounded by its per-account-and-address limit', async () => {
    const email = 'camille@example.com'
    const from = '192.0.2.30'
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn({ email, password: 'x', code: String(100000 + i) }, from),
      ),
    )
    const by = outcomes(burst)
    expect(by['429:tooManyAttempts']).toBe(30 - LOGIN_LIMITS.perAccountAndAddress)
    expect((by['200:invalidCode'] ?? 0) + (by['200:credentials'] ?? 0)).toBe(
      LOGIN_LIMITS.perAccountAndAddress,
    )
  })

  it('answers an unknown e-mail alike past the budget, and mails nobody', async () => {
    const email = 'nobody-here@example.com'
    const burst = await Promise.all(
      addresses(60, 3).map((address) => signIn({ email, password: 'guess' }, address)),
    )
    expectBudgetAnswers(burst, 'unknownUser')
    expect(await failuresOf(email)).toBe(ACCOUNT_BUDGET.failures)
    expect(await mailsTo(email)).toBe(0)
  })

  it('holds for company users too: the provider signs in with the code', async () => {
    const email = 'staff@alpha.example'
    const burst = await Promise.all(
      addresses(60, 4).map((address, i) =>
        signIn({ email, password: `guess-${i}` }, address, '/api/cmpusers/login'),
      ),
    )
    expectBudgetAnswers(burst, 'credentials')
    expect(await failuresOf(email)).toBe(ACCOUNT_BUDGET.failures)
    const code = await lastCode(t, email, 'email')
    const owner = await signIn(
      { email, password: 'alpha-staff-pass', code },
      '192.0.2.40',
      '/api/cmpusers/login',
    )
    expect(owner.body.token).toBeDefined()
  })

  it('refuses a code of another shape as input, before any work', async () => {
    const res = await signIn(
      { email: 'camille@example.com', password: 'x', code: '12345a' },
      '192.0.2.50',
    )
    expect(res).toMatchObject({ status: 400, body: { type: 'invalidInput' } })
  })
})
