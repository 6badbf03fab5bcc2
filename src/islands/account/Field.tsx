import { type InputHTMLAttributes, type Ref, useId, useState } from 'react'
import type { AppTranslator } from '#i18n/messages'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>

interface FieldProps extends InputProps {
  label: string
  value: string
  onValue(value: string): void
  /** the message of the field's error, shown under it and read with it */
  error?: string | undefined
  hint?: string | undefined
  /** the input, for a page that moves the focus to it (the profile's phone) */
  ref?: Ref<HTMLInputElement> | undefined
}

/**
 * A labelled input whose hint and error are tied to it (aria-describedby, aria-invalid), so a
 * screen reader reads them when the field gets the focus after a failed submit.
 */
export function Field({ label, value, onValue, error, hint, ...input }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const described = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean)
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(event) => onValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
      />
      {hint && (
        <p id={hintId} className="account-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="account-field__error">
          {error}
        </p>
      )}
    </div>
  )
}

interface PasswordFieldProps extends Omit<FieldProps, 'type'> {
  t: AppTranslator
}

/** A password field with a show/hide toggle (a real button, keyboard operable). */
export function PasswordField({ t, ...props }: PasswordFieldProps) {
  const [shown, setShown] = useState(false)
  return (
    <div className="account-password">
      <Field {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="account-password__toggle"
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        {shown ? t.t('a11y.hidePassword') : t.t('a11y.showPassword')}
      </button>
    </div>
  )
}

/** Where a form says how it went: an alert for failures, a polite status for successes. */
export function FormStatus({
  error,
  success,
}: {
  error?: string | undefined
  success?: string | undefined
}) {
  return (
    <>
      <div role="alert" className="account-status account-status--error">
        {error ? <p>{error}</p> : null}
      </div>
      <div role="status" className="account-status account-status--ok">
        {success ? <p>{success}</p> : null}
      </div>
    </>
  )
}

/** Moves the focus to the first invalid field of a form after a failed submit. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })
}
