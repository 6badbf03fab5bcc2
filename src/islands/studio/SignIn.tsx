import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { normaliseCode } from '#domain/account/validation'
import { islandApi } from '#islands/shared/island-api'
import { session } from '#stores/browser'
import { failedSignIn, refusedSignIn, type SignInOutcome } from './sign-in-outcome'
import { useStudioText } from './studio-text'

/**
 * A company user's sign-in (cmpusers login, docs/decisions/071-studio-app.md): the token is kept
 * as the storefront keeps a provider's (src/stores/session.ts), so the studio and a preview of
 * the site share one session.
 */
export function SignIn({ invited = false }: { invited?: boolean }) {
  const { t } = useStudioText()
  const id = useId()
  const [outcome, setOutcome] = useState<SignInOutcome | null>(null)
  // set once the API asked for the e-mailed code (past the account's budget), kept until success
  const [askCode, setAskCode] = useState(false)
  const signIn = useMutation({
    mutationFn: (body: { email: string; password: string; code?: string }) =>
      islandApi.cmpusers.login({ body }),
    onSuccess: (result) => {
      if ('token' in result) return session.signIn('provider', result.token)
      const refused = refusedSignIn(result.errType)
      setOutcome(refused.outcome)
      if (refused.askCode) setAskCode(true)
    },
    onError: (error) => setOutcome(failedSignIn(error)),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setOutcome(null)
    const code = askCode ? { code: normaliseCode(String(form.get('code'))) } : {}
    signIn.mutate({
      email: String(form.get('email')),
      password: String(form.get('password')),
      ...code,
    })
  }
  return (
    <main id="studio-main" className="studio-signin">
      <h1>{t('studio.signIn.heading')}</h1>
      <p>{t('studio.signIn.intro')}</p>
      {invited && <p role="status">{t('studio.platform.inviteDone')}</p>}
      <form onSubmit={submit} aria-describedby={outcome ? `${id}-outcome` : undefined}>
        <label htmlFor={`${id}-email`}>{t('studio.signIn.email')}</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="username" required />
        <label htmlFor={`${id}-password`}>{t('studio.signIn.password')}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        {askCode && (
          <>
            <label htmlFor={`${id}-code`}>{t('studio.signIn.code')}</label>
            <input
              id={`${id}-code`}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={'\\s*(\\d\\s*){6}'}
              aria-describedby={`${id}-code-hint`}
              required
            />
            <p id={`${id}-code-hint`}>{t('studio.signIn.codeHint')}</p>
          </>
        )}
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? t('studio.signIn.pending') : t('studio.signIn.submit')}
        </button>
        <p id={`${id}-outcome`} role="alert" className="studio-error">
          {outcome && t(`studio.signIn.${outcome}`)}
        </p>
      </form>
    </main>
  )
}
