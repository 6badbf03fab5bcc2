import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { islandApi } from '#islands/shared/island-api'
import { session } from '#stores/browser'
import { failedSignIn } from './sign-in-outcome'
import { useStudioText } from './studio-text'

type Outcome = 'refused' | 'locked' | 'failed' | null

/**
 * A company user's sign-in (cmpusers login, docs/decisions/071-studio-app.md): the token is kept
 * as the storefront keeps a provider's (src/stores/session.ts), so the studio and a preview of
 * the site share one session.
 */
export function SignIn({ invited = false }: { invited?: boolean }) {
  const { t } = useStudioText()
  const id = useId()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const signIn = useMutation({
    mutationFn: (body: { email: string; password: string }) => islandApi.cmpusers.login({ body }),
    onSuccess: (result) => {
      if ('token' in result) session.signIn('provider', result.token)
      else setOutcome('refused')
    },
    onError: (error) => setOutcome(failedSignIn(error)),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setOutcome(null)
    signIn.mutate({ email: String(form.get('email')), password: String(form.get('password')) })
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
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? t('studio.signIn.pending') : t('studio.signIn.submit')}
        </button>
        <p id={`${id}-outcome`} role="alert" className="studio-error">
          {outcome === 'refused' && t('studio.signIn.refused')}
          {outcome === 'failed' && t('studio.signIn.failed')}
        </p>
      </form>
    </main>
  )
}
