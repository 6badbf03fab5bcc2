import { withRedirect } from '#domain/account/safe-redirect'
import type { AppTranslator } from '#i18n/messages'
import type { AccountLinks } from './links'

/** What an account page shows without a session: why, and a way to log in and come back. */
export function SignedOut({ t, links }: { t: AppTranslator; links: AccountLinks }) {
  const here = `${location.pathname}${location.search}${location.hash}`
  return (
    <div className="account-card">
      <p>{t.t('profile.signInRequired')}</p>
      <p className="account-actions">
        <a className="button" href={withRedirect(links.login, here)}>
          {t.t('nav.login')}
        </a>
        <a className="button button--secondary" href={withRedirect(links.register, here)}>
          {t.t('nav.register')}
        </a>
      </p>
    </div>
  )
}

export function Loading({ t }: { t: AppTranslator }) {
  return (
    <p className="account-loading" role="status">
      {t.t('common.loading')}
    </p>
  )
}
