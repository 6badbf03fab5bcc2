import { type SocialProviderName, socialStartHref } from '#domain/account/social'
import type { AppTranslator } from '#i18n/messages'

interface Props {
  t: AppTranslator
  providers: readonly SocialProviderName[]
}

/**
 * The social sign-in buttons (docs/product/4-states.md login): plain links to the API's start
 * route on this site, which sends the visitor to the provider and back to this very page
 * (docs/decisions/031-social-sign-in-oidc.md). A navigation: no script, frame or CSP entry.
 */
export function SocialButtons({ t, providers }: Props) {
  if (providers.length === 0) return null
  const here = `${location.pathname}${location.search}`
  const company = document.documentElement.dataset.companyToken ?? ''
  return (
    <div className="account-social">
      <p>{t.t('common.or')}</p>
      <ul>
        {providers.map((provider) => (
          <li key={provider}>
            <a
              className={`button button--secondary account-social__${provider}`}
              href={socialStartHref(provider, company, here)}
            >
              {provider === 'google' ? t.t('auth.loginWithGoogle') : t.t('auth.loginWithFacebook')}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
