import { atom, type ReadableAtom } from 'nanostores'
import type { Api } from '#api/index'
import type { Customer } from '#contract/customer'
import { afterStep2, type RegisterState, verifyBody } from '#domain/account/register-flow'
import {
  codeError,
  collectErrors,
  type Errors,
  type RegisterDetails,
  registerDetailsErrors,
} from '#domain/account/validation'
import { errorKey } from '#i18n/error-messages'
import { createFormStore, type FormStore, type SubmitOutcome } from './form-store'

/**
 * docs/product/4-states.md registration in two steps, as RegisterIsland.tsx shows them: the details (register
 * steps 1 and 2 of the API record the sign-up and send the codes), then the codes, verified by
 * the API, which opens the session. The steps themselves are src/domain/account/register-flow;
 * the client and what happens once signed in (`finish`: session, redirect) are injected.
 */
export type CodeFields = 'emailCode' | 'smsCode'

/** The step being shown: the details, or the codes (a finished sign-up has left the page). */
export type RegisterStep = Exclude<RegisterState, { step: 'done' }>

export interface RegisterDeps {
  api: Pick<Api['users'], 'registerStep1' | 'registerStep2' | 'verifyCode' | 'resendCode'>
  /** the session is open: sign in and leave for the next page */
  finish(token: string, user: Customer): void
}

export interface RegisterStore {
  readonly $step: ReadableAtom<RegisterStep>
  readonly details: FormStore<keyof RegisterDetails>
  readonly codes: FormStore<CodeFields>
  submitDetails(): Promise<SubmitOutcome>
  submitCodes(): Promise<SubmitOutcome>
  resend(type: 'email' | 'sms'): Promise<void>
}

/** The codes asked for: those step 2 said it sent. */
export function codeErrors(
  step: Extract<RegisterState, { step: 'codes' }>,
  codes: Record<CodeFields, string>,
): Errors<CodeFields> {
  return collectErrors<CodeFields>({
    emailCode: step.requireEmailCode ? codeError(codes.emailCode) : undefined,
    smsCode: step.requireSMSCode ? codeError(codes.smsCode) : undefined,
  })
}

export function createRegister(deps: RegisterDeps): RegisterStore {
  const $step = atom<RegisterStep>({ step: 'details' })
  const details = createFormStore<keyof RegisterDetails>({
    email: '',
    phone: '',
    password: '',
    confirm: '',
  })
  const codes = createFormStore<CodeFields>({ emailCode: '', smsCode: '' })
  // docs/product/5-rules.md, docs/product/8-errors.md: a 409 is an account that exists already ('register' words)
  const failed = (form: FormStore<string>, error: unknown): SubmitOutcome => {
    form.fail(errorKey(error, 'register'))
    return 'failed'
  }

  const submitDetails = async (): Promise<SubmitOutcome> => {
    const { values } = details.$form.get()
    if (!details.check(registerDetailsErrors(values))) return 'invalid'
    const body = {
      email: values.email.trim(),
      phone: values.phone.trim(),
      password: values.password,
    }
    try {
      const step1 = await deps.api.registerStep1({ body })
      const step2 = await deps.api.registerStep2({ body })
      const next = afterStep2(values, step1.user.id, step2)
      // an address verified already: step 2 signed in, the form stays busy while the page leaves
      if (next.step === 'done') deps.finish(next.token, step2.user)
      else {
        $step.set(next)
        details.done()
      }
      return 'sent'
    } catch (error) {
      return failed(details, error)
    }
  }

  const submitCodes = async (): Promise<SubmitOutcome> => {
    const step = $step.get()
    // the codes' form is shown at the codes step only
    if (step.step !== 'codes') return 'invalid'
    const { values } = codes.$form.get()
    if (!codes.check(codeErrors(step, values))) return 'invalid'
    try {
      const opened = await deps.api.verifyCode({
        body: verifyBody(step, values.emailCode, values.smsCode),
      })
      deps.finish(opened.token, opened.user)
      return 'sent'
    } catch (error) {
      return failed(codes, error)
    }
  }

  const resend = async (type: 'email' | 'sms'): Promise<void> => {
    const step = $step.get()
    if (step.step !== 'codes') return
    codes.clearOutcome()
    try {
      await deps.api.resendCode({ body: { email: step.email, type } })
      codes.notify('auth.codeResent')
    } catch (error) {
      failed(codes, error)
    }
  }

  return { $step, details, codes, submitDetails, submitCodes, resend }
}
