import { useRef } from 'react'
import type { SocialProviderName } from '#domain/account/social'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { logoutCustomer } from './account-session'
import type { AccountLinks } from './links'
import { PasswordForm } from './PasswordForm'
import { ProfileForm } from './ProfileForm'
import { Loading, SignedOut } from './SignedOut'
import { SocialLinks } from './SocialLinks'
import { UnreachableNotice } from './UnreachableNotice'
import { useCustomer } from './use-customer'

interface Props extends TranslatedProps {
  links: AccountLinks
  shopOn: boolean
  /** the social providers the company offers (booker.oauthKeys) */
  social?: readonly SocialProviderName[]
}

/**
 * docs/product/2-screens.md /profile: who is signed in, the account pages, the profile and password forms (their
 * state: profile-state.ts), logout. Above them, what the company's messages could not reach
 * (UnreachableNotice.tsx).
 */
export default function ProfileIsland({ links, shopOn, social = [], ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const [state, update] = useCustomer()
  const phoneField = useRef<HTMLInputElement>(null)
  if (!mounted || state.status === 'loading') return <Loading t={t} />
  if (state.status === 'signed-out') return <SignedOut t={t} links={links} />
  const { customer } = state
  const profile = customer.profiles[0]
  const name = [profile?.firstname, profile?.lastname].filter(Boolean).join(' ') || customer.email
  return (
    <>
      <UnreachableNotice t={t} customer={customer} onFixPhone={() => phoneField.current?.focus()} />
      <div className="account-grid">
        <div className="account-card">
          <h2>{t.t('profile.greeting', { name })}</h2>
          <p>{t.t('profile.signedInAs', { email: customer.email })}</p>
          <nav aria-label={t.t('profile.title')}>
            <ul className="account-links">
              <li>
                <a href={links.orders}>{t.t('nav.myOrders')}</a>
              </li>
              {shopOn && (
                <li>
                  <a href={links.eshopOrders}>{t.t('nav.shopOrders')}</a>
                </li>
              )}
              <li>
                <a href={links.loyalty}>{t.t('nav.loyalty')}</a>
              </li>
              <li>
                <a href={links.waitlist}>{t.t('waitlist.title')}</a>
              </li>
            </ul>
          </nav>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void logoutCustomer(links.home)}
          >
            {t.t('nav.logout')}
          </button>
        </div>
        <ProfileForm t={t} customer={customer} onSaved={update} phoneRef={phoneField} />
        <PasswordForm
          t={t}
          customer={customer}
          onSet={() => update({ ...customer, noPass: false })}
        />
        <SocialLinks t={t} customer={customer} offered={social} />
      </div>
    </>
  )
}
