import { useStore } from '@nanostores/react'
import { type FormEvent, useRef } from 'react'
import type { AppTranslator } from '#i18n/messages'
import { AccountForm } from './AccountForm'
import { EmailField } from './EmailField'
import { Field, FormStatus, focusFirstInvalid } from './Field'
import { NewPasswordFields, passwordMessage } from './NewPasswordFields'
import type { RegisterStore } from './register-state'

interface RegisterDetailsFormProps {
  t: AppTranslator
  store: RegisterStore
  title: string
}

/** Registration step 1: e-mail, phone and password (typed twice). */
export function RegisterDetailsForm({ t, store, title }: RegisterDetailsFormProps) {
  const form = useRef<HTMLFormElement>(null)
  const { values, errors, busy, failure } = useStore(store.details.$form)
  const set = (field: keyof typeof values) => (value: string) => store.details.type(field, value)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if ((await store.submitDetails()) === 'invalid') focusFirstInvalid(form.current)
  }

  return (
    <div className="account-card">
      <h2>{title}</h2>
      <AccountForm ref={form} busy={busy} onSubmit={submit}>
        <EmailField
          t={t}
          value={values.email}
          onValue={set('email')}
          error={passwordMessage(t, errors.email)}
        />
        <Field
          label={t.t('auth.phone')}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          required
          value={values.phone}
          onValue={set('phone')}
          error={passwordMessage(t, errors.phone)}
        />
        <NewPasswordFields
          t={t}
          label={t.t('auth.password')}
          password={values.password}
          confirm={values.confirm}
          onPassword={set('password')}
          onConfirm={set('confirm')}
          errors={errors}
        />
        <FormStatus error={failure ? t.t(failure) : undefined} />
        <button className="button" type="submit" disabled={busy}>
          {t.t('auth.next')}
        </button>
      </AccountForm>
    </div>
  )
}
