import { type FormEvent, useEffect, useRef, useState } from 'react'
import { resetTokenOf } from '#domain/account/account-routes'
import {
  collectErrors,
  confirmError,
  type Errors,
  emailError,
  passwordError,
} from '#domain/account/validation'
import { errorMessage } from '#i18n/error-messages'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { AccountForm, reportErrors } from './AccountForm'
import { EmailField } from './EmailField'
import { FormStatus, focusFirstInvalid } from './Field'
import type { AccountLinks } from './links'
import { NewPasswordFields } from './NewPasswordFields'

interface Props extends TranslatedProps {
  links: AccountLinks
}

type TokenState =
  | { kind: 'none' }
  | { kind: 'checking'; token: string }
  | { kind: 'valid'; token: string; email: string }
  | { kind: 'invalid' }
  | { kind: 'done' }

/**
 * docs/product/2-screens.md /profile/password-reset/:token?: without a token, the request form (the API mails a
 * link, and answers the same whether or not the address has an account); with one (hash, query
 * or the mailed path: domain/account/account-routes), the new-password form for its e-mail.
 */
export default function PasswordResetIsland({ links, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [state, setState] = useState<TokenState>({ kind: 'none' })

  useEffect(() => {
    if (!mounted) return
    const token = resetTokenOf(location)
    if (!token) return
    setState({ kind: 'checking', token })
    islandApi.users
      .tokenGet({ params: { token } })
      .then(({ email }) => setState({ kind: 'valid', token, email }))
      .catch(() => setState({ kind: 'invalid' }))
  }, [mounted])

  if (!mounted || state.kind === 'checking') {
    return <p className="account-loading">{t.t('common.loading')}</p>
  }
  if (state.kind === 'done') {
    return (
      <div className="account-card" role="status">
        <p>{t.t('auth.resetDone')}</p>
        <p>
          <a className="button" href={links.login}>
            {t.t('nav.login')}
          </a>
        </p>
      </div>
    )
  }
  if (state.kind === 'valid') {
    return (
      <NewPasswordForm
        t={t}
        token={state.token}
        email={state.email}
        onDone={() => setState({ kind: 'done' })}
      />
    )
  }
  return (
    <>
      {state.kind === 'invalid' && (
        <p className="account-status account-status--error" role="alert">
          {t.t('auth.resetInvalid')}
        </p>
      )}
      <RequestForm t={t} />
    </>
  )
}

type Translator = ReturnType<typeof useTranslator>

function RequestForm({ t }: { t: Translator }) {
  const form = useRef<HTMLFormElement>(null)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [sent, setSent] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(undefined)
    setSent(undefined)
    const found = emailError(email)
    setError(found ? t.t(found) : undefined)
    if (found) {
      focusFirstInvalid(form.current)
      return
    }
    setBusy(true)
    try {
      await islandApi.users.passwordReset({ body: { email: email.trim() } })
      setSent(t.t('auth.resetSent'))
    } catch (caught) {
      setFailure(errorMessage(caught, t, 'reset'))
    }
    setBusy(false)
  }

  return (
    <AccountForm ref={form} card busy={busy} onSubmit={submit}>
      <p>{t.t('auth.resetIntro')}</p>
      <EmailField t={t} value={email} onValue={setEmail} error={error} />
      <FormStatus error={failure} success={sent} />
      <button className="button" type="submit" disabled={busy}>
        {t.t('auth.sendResetLink')}
      </button>
    </AccountForm>
  )
}

interface NewPasswordProps {
  t: Translator
  token: string
  email: string
  onDone(): void
}

function NewPasswordForm({ t, token, email, onDone }: NewPasswordProps) {
  const form = useRef<HTMLFormElement>(null)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<Errors<'password' | 'confirm'>>({})
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(undefined)
    const found = collectErrors({
      password: passwordError(password),
      confirm: confirmError(password, confirm),
    })
    if (reportErrors(found, setErrors, form.current)) return
    setBusy(true)
    try {
      await islandApi.users.tokenPut({ params: { token }, body: { password } })
      onDone()
    } catch (caught) {
      setFailure(errorMessage(caught, t, 'reset'))
      setBusy(false)
    }
  }

  return (
    <AccountForm ref={form} card busy={busy} onSubmit={submit}>
      <h2>{t.t('auth.resetFor', { email })}</h2>
      {/* lets password managers store the new password under the right account */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <NewPasswordFields
        t={t}
        label={t.t('auth.newPassword')}
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
      />
      <FormStatus error={failure} />
      <button className="button" type="submit" disabled={busy}>
        {t.t('auth.resetPassword')}
      </button>
    </AccountForm>
  )
}
