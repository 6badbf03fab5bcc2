import { type FormEvent, useEffect, useRef, useState } from 'react'
import { afterStep2, type RegisterState, verifyBody } from '../../domain/account/register-flow'
import { safeRedirect } from '../../domain/account/safe-redirect'
import {
  codeError,
  collectErrors,
  type Errors,
  type FieldErrorKey,
  type RegisterDetails,
  registerDetailsErrors,
} from '../../domain/account/validation'
import { errorMessage } from '../../i18n/error-messages'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { AccountForm, reportErrors } from './AccountForm'
import { signInCustomer } from './account-session'
import { EmailField } from './EmailField'
import { Field, FormStatus } from './Field'
import type { AccountLinks } from './links'
import { NewPasswordFields, passwordMessage } from './NewPasswordFields'

interface Props extends TranslatedProps {
  links: AccountLinks
}

type CodeFields = 'emailCode' | 'smsCode'

/**
 * spec §4 registration in steps: 1. phone, e-mail and password (register steps 1 and 2 of the
 * API: the sign-up is recorded and the codes are sent, one by e-mail and one by SMS); 2. the
 * codes, verified by the API, which opens the session; then the page named by `?redirect=`
 * (same-site only) or the account page.
 */
export default function RegisterIsland({ links, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const form = useRef<HTMLFormElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const [state, setState] = useState<RegisterState>({ step: 'details' })
  const [details, setDetails] = useState<RegisterDetails>({
    email: '',
    phone: '',
    password: '',
    confirm: '',
  })
  const [detailErrors, setDetailErrors] = useState<Errors<keyof RegisterDetails>>({})
  const [codes, setCodes] = useState({ emailCode: '', smsCode: '' })
  const [codeErrors, setCodeErrors] = useState<Errors<CodeFields>>({})
  const [failure, setFailure] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (state.step === 'codes') heading.current?.focus()
  }, [state.step])

  if (!mounted) return <p className="account-loading">{t.t('common.loading')}</p>

  const message = (key: FieldErrorKey | undefined) => passwordMessage(t, key)
  const fail = (error: unknown) => {
    setFailure(errorMessage(error, t, 'register'))
    setBusy(false)
  }
  const finish = (token: string, user: Parameters<typeof signInCustomer>[1]) => {
    signInCustomer(token, user)
    location.assign(
      safeRedirect(new URLSearchParams(location.search).get('redirect'), links.profile),
    )
  }

  const submitDetails = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(undefined)
    if (reportErrors(registerDetailsErrors(details), setDetailErrors, form.current)) return
    setBusy(true)
    const body = {
      email: details.email.trim(),
      phone: details.phone.trim(),
      password: details.password,
    }
    try {
      const step1 = await islandApi.users.registerStep1({ body })
      const step2 = await islandApi.users.registerStep2({ body })
      const next = afterStep2(details, step1.user.id, step2)
      if (next.step === 'done') return finish(next.token, step2.user)
      setState(next)
      setBusy(false)
    } catch (error) {
      fail(error)
    }
  }

  const submitCodes = async (event: FormEvent) => {
    event.preventDefault()
    if (state.step !== 'codes') return
    setFailure(undefined)
    setNotice(undefined)
    const found = collectErrors<CodeFields>({
      emailCode: codeError(codes.emailCode),
      smsCode: state.requireSMSCode ? codeError(codes.smsCode) : undefined,
    })
    if (reportErrors(found, setCodeErrors, form.current)) return
    setBusy(true)
    try {
      const opened = await islandApi.users.verifyCode({
        body: verifyBody(state, codes.emailCode, codes.smsCode),
      })
      finish(opened.token, opened.user)
    } catch (error) {
      fail(error)
    }
  }

  const resend = async (type: 'email' | 'sms') => {
    if (state.step !== 'codes') return
    setFailure(undefined)
    setNotice(undefined)
    try {
      await islandApi.users.resendCode({ body: { email: state.email, type } })
      setNotice(t.t('auth.codeResent'))
    } catch (error) {
      fail(error)
    }
  }

  const stepTitle = (current: number, name: string) =>
    `${t.t('auth.step', { current, total: 2 })} – ${name}`

  if (state.step === 'codes') {
    return (
      <div className="account-card">
        <h2 ref={heading} tabIndex={-1}>
          {stepTitle(2, t.t('auth.stepCodes'))}
        </h2>
        <p>{t.t('auth.codesIntro')}</p>
        <AccountForm ref={form} busy={busy} onSubmit={submitCodes}>
          <Field
            label={t.t('auth.emailCode')}
            name="email-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            required
            hint={t.t('auth.codeSentEmail', { email: state.email })}
            value={codes.emailCode}
            onValue={(emailCode) => setCodes({ ...codes, emailCode })}
            error={message(codeErrors.emailCode)}
          />
          {state.requireSMSCode && (
            <Field
              label={t.t('auth.smsCode')}
              name="sms-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              required
              hint={t.t('auth.codeSentSms', { phone: state.phone })}
              value={codes.smsCode}
              onValue={(smsCode) => setCodes({ ...codes, smsCode })}
              error={message(codeErrors.smsCode)}
            />
          )}
          <FormStatus error={failure} success={notice} />
          <button className="button" type="submit" disabled={busy}>
            {t.t('auth.verify')}
          </button>
        </AccountForm>
        <p className="account-actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void resend('email')}
          >
            {t.t('auth.resendEmailCode')}
          </button>
          {state.requireSMSCode && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void resend('sms')}
            >
              {t.t('auth.resendSmsCode')}
            </button>
          )}
        </p>
      </div>
    )
  }

  const set = (field: keyof RegisterDetails) => (value: string) =>
    setDetails({ ...details, [field]: value })
  return (
    <div className="account-card">
      <h2>{stepTitle(1, t.t('auth.stepDetails'))}</h2>
      <AccountForm ref={form} busy={busy} onSubmit={submitDetails}>
        <EmailField
          t={t}
          value={details.email}
          onValue={set('email')}
          error={message(detailErrors.email)}
        />
        <Field
          label={t.t('auth.phone')}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          required
          value={details.phone}
          onValue={set('phone')}
          error={message(detailErrors.phone)}
        />
        <NewPasswordFields
          t={t}
          label={t.t('auth.password')}
          password={details.password}
          confirm={details.confirm}
          onPassword={set('password')}
          onConfirm={set('confirm')}
          errors={detailErrors}
        />
        <FormStatus error={failure} />
        <button className="button" type="submit" disabled={busy}>
          {t.t('auth.next')}
        </button>
      </AccountForm>
    </div>
  )
}
