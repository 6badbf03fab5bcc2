import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { ApiError } from '#api/index'
import { failedSignIn } from '../sign-in-outcome'
import { useStudioText } from '../studio-text'
import { keepAdminToken, platformApi } from './platform-api'

type Outcome = 'refused' | 'locked' | 'failed' | 'taken' | null

/**
 * The installation's first administrator (`register`, once) or an administrator's sign-in
 * (docs/decisions/085-company-creation.md).
 */
export function AdminForm({ mode }: { mode: 'register' | 'signIn' }) {
  const { t } = useStudioText()
  const id = useId()
  const client = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const send = useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      mode === 'register'
        ? platformApi.platform.register({ body })
        : platformApi.platform.login({ body }),
    onSuccess: (result) => {
      if ('token' in result) keepAdminToken(result.token)
      else setOutcome('refused')
    },
    onError: (error) => {
      const taken = error instanceof ApiError && error.status === 409
      setOutcome(taken ? 'taken' : failedSignIn(error))
      // installed meanwhile (another tab, another administrator): the screen offers sign-in
      if (taken) void client.invalidateQueries({ queryKey: ['platform', 'installed'] })
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setOutcome(null)
    send.mutate({ email: String(form.get('email')), password: String(form.get('password')) })
  }
  const heading = mode === 'register' ? 'registerHeading' : 'signInHeading'
  return (
    <section className="studio-signin" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t(`studio.platform.${heading}`)}</h2>
      {mode === 'register' && <p>{t('studio.platform.registerIntro')}</p>}
      <form onSubmit={submit} aria-describedby={outcome ? `${id}-outcome` : undefined}>
        <label htmlFor={`${id}-email`}>{t('studio.platform.email')}</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="username" required />
        <label htmlFor={`${id}-password`}>{t('studio.platform.password')}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          minLength={mode === 'register' ? 8 : 1}
          autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
          required
        />
        <button type="submit" disabled={send.isPending}>
          {send.isPending
            ? t('studio.platform.pending')
            : t(mode === 'register' ? 'studio.platform.register' : 'studio.platform.signIn')}
        </button>
        <p id={`${id}-outcome`} role="alert" className="studio-error">
          {outcome && t(`studio.platform.${outcome}`)}
        </p>
      </form>
    </section>
  )
}
