import { type FieldErrorKey, PASSWORD_MIN } from '#domain/account/validation'
import type { AppTranslator } from '#i18n/messages'
import { PasswordField } from './Field'

interface NewPasswordFieldsProps {
  t: AppTranslator
  /** the label of the first field: 'auth.password' at registration, 'auth.newPassword' after */
  label: string
  password: string
  confirm: string
  onPassword(value: string): void
  onConfirm(value: string): void
  /** the error keys found by passwordError and confirmError (domain/account/validation) */
  errors: { password?: FieldErrorKey | undefined; confirm?: FieldErrorKey | undefined }
}

/** The message of a password rule's error key, with the minimum length it may name. */
export function passwordMessage(
  t: AppTranslator,
  key: FieldErrorKey | undefined,
): string | undefined {
  return key ? t.t(key, { min: PASSWORD_MIN }) : undefined
}

/**
 * A new password and its confirmation (registration, profile, reset): both `new-password` for
 * password managers, the first with the minimum length as its hint.
 */
export function NewPasswordFields({
  t,
  label,
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        t={t}
        label={label}
        name="new-password"
        autoComplete="new-password"
        required
        hint={t.t('auth.passwordHint', { min: PASSWORD_MIN })}
        value={password}
        onValue={onPassword}
        error={passwordMessage(t, errors.password)}
      />
      <PasswordField
        t={t}
        label={t.t('auth.passwordConfirm')}
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirm}
        onValue={onConfirm}
        error={passwordMessage(t, errors.confirm)}
      />
    </>
  )
}
