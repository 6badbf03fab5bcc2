import { describe, expect, it } from 'vitest'
import { ApiError } from '#api/errors'
import type { Customer } from '#contract/customer'
import { createRegister, type RegisterDeps } from './register-state'

const USER: Customer = {
  id: 'u1',
  email: 'ada@example.com',
  profiles: [],
  links: [],
  noPass: false,
}

interface Fake {
  step2?: { token?: string; requireSMSCode: boolean; requireEmailCode?: boolean }
  fail?: Partial<Record<keyof RegisterDeps['api'], unknown>>
}

function register(fake: Fake = {}) {
  const calls: string[] = []
  const finished: string[] = []
  const refuse = (name: keyof RegisterDeps['api']) => {
    if (fake.fail?.[name]) throw fake.fail[name]
  }
  const store = createRegister({
    api: {
      registerStep1: async (input) => {
        calls.push(`step1 ${input.body.email} ${input.body.phone}`)
        refuse('registerStep1')
        return { user: USER, profile: { firstname: '', lastname: '' } }
      },
      registerStep2: async () => {
        calls.push('step2')
        refuse('registerStep2')
        return { user: USER, ...(fake.step2 ?? { requireSMSCode: true }) }
      },
      verifyCode: async (input) => {
        calls.push(`verify ${JSON.stringify(input.body)}`)
        refuse('verifyCode')
        return { token: 'session', user: USER }
      },
      resendCode: async (input) => {
        calls.push(`resend ${input.body.type} ${input.body.email}`)
        refuse('resendCode')
        return { ok: true as const }
      },
    },
    finish: (token, user) => finished.push(`${token} ${user.id}`),
  })
  return { store, calls, finished }
}

function typeDetails(store: ReturnType<typeof register>['store']) {
  store.details.type('email', ' ada@example.com ')
  store.details.type('phone', '+33 6 12 34 56 78')
  store.details.type('password', 'long enough')
  store.details.type('confirm', 'long enough')
}

describe('registration (docs/product/4-states.md)', () => {
  it('details with errors are not sent', async () => {
    const { store, calls } = register()
    store.details.type('password', 'short')
    expect(await store.submitDetails()).toBe('invalid')
    expect(store.details.$form.get().errors).toEqual({
      email: 'form.required',
      phone: 'form.required',
      password: 'form.passwordTooShort',
      confirm: 'form.required',
    })
    expect(calls).toEqual([])
  })

  it('steps 1 and 2 lead to the codes, then verified codes open the session', async () => {
    const { store, calls, finished } = register()
    typeDetails(store)
    expect(await store.submitDetails()).toBe('sent')
    expect(calls).toEqual(['step1 ada@example.com +33 6 12 34 56 78', 'step2'])
    expect(store.$step.get()).toEqual({
      step: 'codes',
      userID: 'u1',
      email: 'ada@example.com',
      phone: '+33 6 12 34 56 78',
      requireSMSCode: true,
      requireEmailCode: true,
    })
    expect(store.details.$form.get().busy).toBe(false)

    store.codes.type('emailCode', '123 456')
    expect(await store.submitCodes()).toBe('invalid')
    expect(store.codes.$form.get().errors).toEqual({ smsCode: 'form.required' })
    store.codes.type('smsCode', '654321')
    expect(await store.submitCodes()).toBe('sent')
    expect(calls.at(-1)).toBe('verify {"userID":"u1","code":"123456","smsCode":"654321"}')
    expect(finished).toEqual(['session u1'])
    // the page is leaving: the form stays busy
    expect(store.codes.$form.get().busy).toBe(true)
  })

  it('without an SMS code, only the e-mail code is asked and sent', async () => {
    const { store, calls } = register({ step2: { requireSMSCode: false } })
    typeDetails(store)
    await store.submitDetails()
    store.codes.type('emailCode', '123456')
    expect(await store.submitCodes()).toBe('sent')
    expect(calls.at(-1)).toBe('verify {"userID":"u1","code":"123456"}')
  })

  it('with the SMS code alone, the e-mail code is neither asked nor sent', async () => {
    const step2 = { requireSMSCode: true, requireEmailCode: false }
    const { store, calls } = register({ step2 })
    typeDetails(store)
    await store.submitDetails()
    expect(await store.submitCodes()).toBe('invalid')
    expect(store.codes.$form.get().errors).toEqual({ smsCode: 'form.required' })
    store.codes.type('smsCode', '654 321')
    expect(await store.submitCodes()).toBe('sent')
    expect(calls.at(-1)).toBe('verify {"userID":"u1","code":"654321","smsCode":"654321"}')
  })

  it('an address verified already is signed in by step 2', async () => {
    const { store, finished } = register({ step2: { token: 'at-once', requireSMSCode: false } })
    typeDetails(store)
    expect(await store.submitDetails()).toBe('sent')
    expect(finished).toEqual(['at-once u1'])
    expect(store.$step.get()).toEqual({ step: 'details' })
  })

  it('an account that exists (409) has its own words; the form may be sent again', async () => {
    const { store, finished } = register({
      fail: { registerStep1: new ApiError(409, 'exists', { status: 409 }) },
    })
    typeDetails(store)
    expect(await store.submitDetails()).toBe('failed')
    expect(store.details.$form.get()).toMatchObject({
      failure: 'auth.errType.accountExists',
      busy: false,
    })
    expect(finished).toEqual([])
  })

  it('a wrong code is worded by its reason', async () => {
    const { store } = register({
      fail: { verifyCode: new ApiError(400, 'bad', { status: 400, type: 'invalidCode' }) },
    })
    typeDetails(store)
    await store.submitDetails()
    store.codes.type('emailCode', '123456')
    store.codes.type('smsCode', '123456')
    expect(await store.submitCodes()).toBe('failed')
    expect(store.codes.$form.get().failure).toBe('auth.errType.code')
  })

  it('resends a code by e-mail or SMS and says so; a refusal says why', async () => {
    const { store, calls } = register()
    await store.resend('email')
    expect(calls).toEqual([])
    typeDetails(store)
    await store.submitDetails()
    await store.resend('sms')
    expect(calls.at(-1)).toBe('resend sms ada@example.com')
    expect(store.codes.$form.get().success).toBe('auth.codeResent')

    const limited = register({
      fail: { resendCode: new ApiError(429, 'slow down', { status: 429 }) },
    })
    typeDetails(limited.store)
    await limited.store.submitDetails()
    await limited.store.resend('email')
    expect(limited.store.codes.$form.get()).toMatchObject({
      success: undefined,
      failure: 'error.tooManyRequests',
    })
  })
})
