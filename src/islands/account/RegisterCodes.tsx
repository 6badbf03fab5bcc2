import { useStore } from '@nanostores/react'
import { type FormEvent, useEffect, useRef } from 'react'
import type { AppTranslator, MessageKey } from '#i18n/messages'
import { AccountForm } from './AccountForm'
import { Field, FormStatus, focusFirstInvalid } from './Field'
import { passwordMessage } from './NewPasswordFields'
import type { RegisterStep, RegisterStore } from './register-state'

type CodesStep = Extract<RegisterStep, { step: 'codes' }>

/** The intro names the codes that were sent: both, or the one. */
function introKey(step: CodesStep): MessageKey {
  if (step.requireEmailCode && step.requireSMSCode) return 'auth.codesIntro'
  return step.requireSMSCode ? 'auth.codeIntroSms' : 'auth.codeIntroEmail'
}

interface RegisterCodesProps {
  t: AppTranslator
  store: RegisterStore
  step: CodesStep
  title: string
}

/** Registration step 2: the codes sent (by e-mail, by SMS or both), and sending them again. */
export function RegisterCodes({ t, store, step, title }: RegisterCodesProps) {
  const form = useRef<HTMLFormElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const { values, errors, busy, failure, success } = useStore(store.codes.$form)
  const words = (key: MessageKey | undefined) => (key ? t.t(key) : undefined)

  // the step changed under the keyboard user: the focus goes to its title
  useEffect(() => {
    heading.current?.focus()
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if ((await store.submitCodes()) === 'invalid') focusFirstInvalid(form.current)
  }

  return (
    <div className="account-card">
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>{t.t(introKey(step))}</p>
      <AccountForm ref={form} busy={busy} onSubmit={submit}>
        {step.requireEmailCode && (
          <Field
            label={t.t('auth.emailCode')}
            name="email-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            required
            hint={t.t('auth.codeSentEmail', { email: step.email })}
            value={values.emailCode}
            onValue={(value) => store.codes.type('emailCode', value)}
            error={passwordMessage(t, errors.emailCode)}
          />
        )}
        {step.requireSMSCode && (
          <Field
            label={t.t('auth.smsCode')}
            name="sms-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            required
            hint={t.t('auth.codeSentSms', { phone: step.phone })}
            value={values.smsCode}
            onValue={(value) => store.codes.type('smsCode', value)}
            error={passwordMessage(t, errors.smsCode)}
          />
        )}
        <FormStatus error={words(failure)} success={words(success)} />
        <button className="button" type="submit" disabled={busy}>
          {t.t('auth.verify')}
        </button>
      </AccountForm>
      <p className="account-actions">
        {step.requireEmailCode && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void store.resend('email')}
          >
            {t.t('auth.resendEmailCode')}
          </button>
        )}
        {step.requireSMSCode && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void store.resend('sms')}
          >
            {t.t('auth.resendSmsCode')}
          </button>
        )}
      </p>
    </div>
  )
}
