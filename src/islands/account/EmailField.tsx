import type { AppTranslator } from '#i18n/messages'
import { Field } from './Field'

interface EmailFieldProps {
  t: AppTranslator
  value: string
  onValue(value: string): void
  error?: string | undefined
}

/** The account's e-mail address (login, registration, reset request), as browsers fill it. */
export function EmailField({ t, value, onValue, error }: EmailFieldProps) {
  return (
    <Field
      label={t.t('auth.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      value={value}
      onValue={onValue}
      error={error}
    />
  )
}
