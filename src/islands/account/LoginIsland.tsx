import { type FormEvent, useEffect, useRef, useState } from 'react'
import { resolveConfig } from '#api/config'
import { safeRedirect } from '#domain/account/safe-redirect'
import { readSocialReturn, type SocialProviderName, socialLoginHref } from '#domain/account/social'
import {
  collectErrors,
  type Errors,
  emailError,
  type FieldErrorKey,
  requiredError,
} from '#domain/account/validation'
import { errorMessage } from '#i18n/error-messages'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { AccountForm, reportErrors } from './AccountForm'
import { loadCustomer, signInCustomer } from './account-session'
import { EmailField } from './EmailField'
import { FormStatus, PasswordField } from './Field'
import type { AccountLinks } from './links'

interface Props extends TranslatedProps {
  links: AccountLinks
  /** app ids of the social providers the company has keys for (booker.oauthKeys) */
  social: Partial<Record<SocialProviderName, string>>
}

type Fields = 'email' | 'password'

/**
 * docs/product/4-states.md login: e-mail and password, or a social provider; afterwards the page named by
 * `?redirect=` when it is a path of this site (safeRedirect refuses anything else), else the
 * account page.
 */
export default function LoginIsland({ links, social, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const form = useRef<HTMLFormElement>(null)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
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
    const back = readSocialReturn(location.hash)
    if (back) {
      history.replaceState(null, '', location.pathname + location.search)
      setBusy(true)
      void islandApi.users
        .loginProvider({ body: back })
        .then((result) => {
          if ('errType' in result) {
            setFailure(errorMessage(result.errType, t, 'login'))
            setBusy(false)
            return
          }
          signInCustomer(result.token, result.user)
          location.assign(destination())
        })
        .catch((error: unknown) => {
          setFailure(errorMessage(error, t, 'login'))
          setBusy(false)
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
    })
    if (reportErrors(found, setErrors, form.current)) return
    setBusy(true)
    const result = await islandApi.users.login({ body: { email: email.trim(), password } })
    if ('errType' in result) {
      setFailure(errorMessage(result.errType, t, 'login'))
      setBusy(false)
      return
    }
    signInCustomer(result.token, result.user)
    location.assign(destination())
  }

  const providers = (Object.keys(social) as SocialProviderName[]).filter((name) => social[name])
  const passport = resolveConfig(import.meta.env).bases.passport
  const returnTo = `${location.origin}${location.pathname}${location.search}`
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
        <FormStatus error={failure} />
        <button className="button" type="submit" disabled={busy}>
          {t.t('auth.submitLogin')}
        </button>
        <p>
          <a href={links.passwordReset}>{t.t('auth.forgotPassword')}</a>
        </p>
      </AccountForm>
      {providers.length > 0 && (
        <div className="account-social">
          <p>{t.t('common.or')}</p>
          <ul>
            {providers.map((provider) => (
              <li key={provider}>
                <a
                  className={`button button--secondary account-social__${provider}`}
                  href={socialLoginHref({
                    passport,
                    provider,
                    appId: social[provider] ?? '',
                    companyToken: document.documentElement.dataset.companyToken ?? '',
                    returnTo,
                  })}
                >
                  {provider === 'google'
                    ? t.t('auth.loginWithGoogle')
                    : t.t('auth.loginWithFacebook')}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
