import { useStore } from '@nanostores/react'
import { type FormEvent, useRef, useState } from 'react'
import type { Customer } from '#contract/customer'
import type { AppTranslator, MessageKey } from '#i18n/messages'
import { islandApi } from '../shared/island-api'
import { AccountForm } from './AccountForm'
import { FormStatus, focusFirstInvalid, PasswordField } from './Field'
import { NewPasswordFields, passwordMessage } from './NewPasswordFields'
import { createPasswordForm } from './profile-state'

interface PasswordFormProps {
  t: AppTranslator
  customer: Customer
  /** a first password was set (the account was made without one) */
  onSet(): void
}

/** The profile page's password: set a first one, or change it; state in profile-state.ts. */
export function PasswordForm({ t, customer, onSet }: PasswordFormProps) {
  const form = useRef<HTMLFormElement>(null)
  const [store] = useState(() => createPasswordForm(islandApi.users))
  const { values, errors, busy, failure, success } = useStore(store.$form)
  const words = (key: MessageKey | undefined) => (key ? t.t(key) : undefined)
  const noPass = customer.noPass

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const outcome = await store.submit(noPass)
    if (outcome === 'invalid') focusFirstInvalid(form.current)
    if (outcome === 'sent' && noPass) onSet()
  }

  return (
    <AccountForm ref={form} card busy={busy} onSubmit={submit}>
      <h2>{noPass ? t.t('auth.setPassword') : t.t('profile.changePassword')}</h2>
      {noPass && <p>{t.t('auth.noPass')}</p>}
      <input type="hidden" name="username" autoComplete="username" value={customer.email} />
      {!noPass && (
        <PasswordField
          t={t}
          label={t.t('auth.currentPassword')}
          name="current-password"
          autoComplete="current-password"
          required
          value={values.current}
          onValue={(value) => store.type('current', value)}
          error={passwordMessage(t, errors.current)}
        />
      )}
      <NewPasswordFields
        t={t}
        label={t.t('auth.newPassword')}
        password={values.next}
        confirm={values.confirm}
        onPassword={(value) => store.type('next', value)}
        onConfirm={(value) => store.type('confirm', value)}
        errors={{ password: errors.next, confirm: errors.confirm }}
      />
      <FormStatus error={words(failure)} success={words(success)} />
      <button className="button" type="submit" disabled={busy}>
        {noPass ? t.t('auth.setPassword') : t.t('profile.changePassword')}
      </button>
    </AccountForm>
  )
}
