import { type FormEvent, useEffect, useRef, useState } from 'react'
import { safeRedirect } from '#domain/account/safe-redirect'
import { asksForSignInCode } from '#domain/account/sign-in-code'
import { readSocialOutcome, type SocialProviderName } from '#domain/account/social'
import {
  codeError,
  collectErrors,
  type Errors,
  emailError,
  type FieldErrorKey,
  normaliseCode,
  requiredError,
} from '#domain/account/validation'
import { errorMessage } from '#i18n/error-messages'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { AccountForm, reportErrors } from './AccountForm'
import { loadCustomer, signInCustomer } from './account-session'
import { EmailField } from './EmailField'
import { Field, FormStatus, PasswordField } from './Field'
import type { AccountLinks } from './links'
import { SocialButtons } from './SocialButtons'

interface Props extends TranslatedProps {
  links: AccountLinks
  /** app ids of the social providers the company has keys for (booker.oauthKeys) */
  social: Partial<Record<SocialProviderName, string>>
}

type Fields = 'email' | 'password' | 'code'

/**
 * docs/product/4-states.md login: e-mail and password, or a social provider; afterwards the page named by
 * `?redirect=` when it is a path of this site (safeRedirect refuses anything else), else the
 * account page. Past the account's budget of failed passwords the API asks for the code it
 * e-mailed to the account (docs/decisions/061-sign-in-budget.md): the form then shows a code
 * field and sends it with the password.
 */
export default function LoginIsland({ links, social, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const form = useRef<HTMLFormElement>(null)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  // set once the API asked for the e-mailed code; kept until the sign-in succeeds
  const [askCode, setAskCode] = useState(false)
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<Errors<Fields>>({})
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [signedInAs, setSignedInAs] = useState<string>()
  // a stored session is checked before the form shows (auto-login, docs/product/4-states.md)
  const [checking, setChecking] = useState(true)

  const destination = () =>
    safeRedirect(new URLSearchParams(location.search).get('redirect'), links.profile)

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, after mounting
  useEffect(() => {
    if (!mounted) return
    // back from a social sign-in (docs/decisions/031-social-sign-in-oidc.md)
    const back = readSocialOutcome(location.hash)
    if (back) history.replaceState(null, '', location.pathname + location.search)
    if (back?.kind === 'error') setFailure(errorMessage(back.errType, t, 'login'))
    if (back?.kind === 'signed-in') {
      setBusy(true)
      void islandApi.users
        .socialSession()
        .then((result) => {
          if ('errType' in result) {
            setFailure(errorMessage(result.errType, t, 'login'))
            setBusy(false)
            setChecking(false)
            return
          }
          signInCustomer(result.token, result.user)
          location.assign(destination())
        })
        .catch((error: unknown) => {
          setFailure(errorMessage(error, t, 'login'))
          setBusy(false)
          setChecking(false)
        })
      return
    }
    void loadCustomer().then((customer) => {
      setSignedInAs(customer?.email)
      setChecking(false)
    })
  }, [mounted])

  if (!mounted || (checking && !busy && !failure)) {
    return <p className="account-loading">{t.t('common.loading')}</p>
  }

  if (signedInAs) {
    return (
      <div className="account-card">
        <p>{t.t('auth.alreadySignedIn', { email: signedInAs })}</p>
        <p>
          <a className="button" href={destination()}>
            {t.t('nav.account')}
          </a>
        </p>
      </div>
    )
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(undefined)
    const found = collectErrors<Fields>({
      email: emailError(email),
      password: requiredError(password),
      code: askCode ? codeError(code) : undefined,
    })
    if (reportErrors(found, setErrors, form.current)) return
    setBusy(true)
    const body = {
      email: email.trim(),
      password,
      ...(askCode ? { code: normaliseCode(code) } : {}),
    }
    const result = await islandApi.users.login({ body })
    if ('errType' in result) {
      if (asksForSignInCode(result.errType)) setAskCode(true)
      setFailure(errorMessage(result.errType, t, 'login'))
      setBusy(false)
      return
    }
    signInCustomer(result.token, result.user)
    location.assign(destination())
  }

  const providers = (Object.keys(social) as SocialProviderName[]).filter((name) => social[name])
  const message = (key: FieldErrorKey | undefined) => (key ? t.t(key) : undefined)

  return (
    <div className="account-card">
      <AccountForm ref={form} busy={busy} onSubmit={submit}>
        <EmailField t={t} value={email} onValue={setEmail} error={message(errors.email)} />
        <PasswordField
          t={t}
          label={t.t('auth.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
          error={message(errors.password)}
        />
        {askCode && (
          <Field
            label={t.t('auth.signInCode')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onValue={setCode}
            hint={t.t('auth.signInCodeHint')}
            error={message(errors.code)}
          />
        )}
        <FormStatus error={failure} />
        <button className="button" type="submit" disabled={busy}>
          {t.t('auth.submitLogin')}
        </button>
        <p>
          <a href={links.passwordReset}>{t.t('auth.forgotPassword')}</a>
        </p>
      </AccountForm>
      <SocialButtons t={t} providers={providers} />
    </div>
  )
}
