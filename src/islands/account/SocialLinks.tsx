import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { Customer } from '#contract/customer'
import type { SocialProviderName } from '#domain/account/social'
import type { AppTranslator } from '#i18n/messages'
import { islandApi } from '../shared/island-api'
import { FormStatus } from './Field'
import { createSocialLinks, socialRows } from './social-links-state'

interface Props {
  t: AppTranslator
  customer: Customer
  /** the providers the company offers (booker.oauthKeys) */
  offered: readonly SocialProviderName[]
}

const NAMES: Record<SocialProviderName, string> = { google: 'Google', facebook: 'Facebook' }

/** Linking and unlinking social sign-in on the profile page; state in social-links-state.ts. */
export function SocialLinks({ t, customer, offered }: Props) {
  const [store] = useState(() =>
    createSocialLinks(
      islandApi.users,
      (address) => location.assign(address),
      () => {
        const name = new URLSearchParams(location.search).get('linking')
        return name === 'google' || name === 'facebook' ? name : undefined
      },
    ),
  )
  const { linked, busy, failure, done } = useStore(store.$state)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mounting
  useEffect(() => {
    void store.load(location.hash)
    if (location.hash || location.search.includes('linking=')) {
      history.replaceState(null, '', location.pathname)
    }
  }, [])
  if (offered.length === 0) return null
  const rows = socialRows(offered, linked ?? [], !customer.noPass)

  return (
    <section className="account-card account-social-links" aria-busy={busy || linked === undefined}>
      <h2>{t.t('auth.social.title')}</h2>
      <ul>
        {rows.map(({ provider, linked: on, canUnlink }) => {
          const name = { provider: NAMES[provider] }
          return (
            <li key={provider}>
              <span>{t.t(on ? 'auth.social.isLinked' : 'auth.social.notLinked', name)}</span>{' '}
              {on ? (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy || !canUnlink}
                  onClick={() => void store.unlink(provider)}
                >
                  {t.t('auth.social.unlink', name)}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy || linked === undefined}
                  onClick={() =>
                    void store.link(provider, `${location.pathname}?linking=${provider}`)
                  }
                >
                  {t.t('auth.social.link', name)}
                </button>
              )}
              {on && !canUnlink && <p>{t.t('auth.social.lastMethod')}</p>}
            </li>
          )
        })}
      </ul>
      <FormStatus
        error={failure ? t.t(failure) : undefined}
        success={done ? t.t(done.key, { provider: NAMES[done.provider] }) : undefined}
      />
    </section>
  )
}
