import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Customer } from '#contract/customer'
import { safeRedirect } from '#domain/account/safe-redirect'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { signInCustomer } from './account-session'
import type { AccountLinks } from './links'
import { RegisterCodes } from './RegisterCodes'
import { RegisterDetailsForm } from './RegisterDetailsForm'
import { createRegister } from './register-state'

interface Props extends TranslatedProps {
  links: AccountLinks
}

/**
 * docs/product/4-states.md registration in steps: 1. phone, e-mail and password (register steps 1 and 2 of the
 * API: the sign-up is recorded and the codes are sent, one by e-mail and one by SMS); 2. the
 * codes, verified by the API, which opens the session; then the page named by `?redirect=`
 * (same-site only) or the account page. State and calls: register-state.ts.
 */
export default function RegisterIsland({ links, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [store] = useState(() =>
    createRegister({
      api: islandApi.users,
      finish: (token: string, user: Customer) => {
        signInCustomer(token, user)
        location.assign(
          safeRedirect(new URLSearchParams(location.search).get('redirect'), links.profile),
        )
      },
    }),
  )
  const step = useStore(store.$step)

  if (!mounted) return <p className="account-loading">{t.t('common.loading')}</p>
  const stepTitle = (current: number, name: string) =>
    `${t.t('auth.step', { current, total: 2 })} – ${name}`
  if (step.step === 'codes') {
    return (
      <RegisterCodes t={t} store={store} step={step} title={stepTitle(2, t.t('auth.stepCodes'))} />
    )
  }
  return <RegisterDetailsForm t={t} store={store} title={stepTitle(1, t.t('auth.stepDetails'))} />
}
