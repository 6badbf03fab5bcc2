import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useId } from 'react'
import { islandApi } from '#islands/shared/island-api'
import { useStudioText } from './studio-text'

/**
 * The invitation's link (docs/decisions/085-company-creation.md): /studio/?invite=<token> sets
 * the company user's first password with the company users' token call, then the sign-in shows.
 */
export function InviteForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useStudioText()
  const id = useId()
  const save = useMutation({
    mutationFn: (password: string) =>
      islandApi.cmpusers.tokenPut({ params: { token }, body: { password } }),
    onSuccess: onDone,
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    save.mutate(String(new FormData(event.currentTarget).get('password')))
  }
  return (
    <main id="studio-main" className="studio-signin">
      <h1>{t('studio.platform.inviteHeading')}</h1>
      <form onSubmit={submit} aria-describedby={save.isError ? `${id}-outcome` : undefined}>
        <label htmlFor={`${id}-password`}>{t('studio.platform.invitePassword')}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          minLength={8}
          autoComplete="new-password"
          required
        />
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? t('studio.platform.invitePending') : t('studio.platform.inviteSave')}
        </button>
        <p id={`${id}-outcome`} role="alert" className="studio-error">
          {save.isError && t('studio.platform.inviteFailed')}
        </p>
      </form>
    </main>
  )
}
