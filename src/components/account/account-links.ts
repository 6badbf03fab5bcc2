import type { AccountLinks } from '#islands/account/links'
import type { PageContext } from '#site/page-context'

/** The localized addresses the account islands link to. */
export function accountLinks(ctx: PageContext): AccountLinks {
  return {
    home: ctx.nav.home.href,
    login: ctx.nav.login.href,
    register: ctx.nav.register.href,
    profile: ctx.link('/profile'),
    orders: ctx.link('/profile/orders'),
    eshopOrders: ctx.link('/profile/eshoporders'),
    loyalty: ctx.link('/profile/loyalty'),
    waitlist: ctx.link('/profile/waitlist'),
    passwordReset: ctx.link('/profile/password-reset'),
  }
}

/** The company's currency settings, as formatMoney reads them. */
export function moneySettings(ctx: PageContext) {
  const { booker } = ctx.site.company
  return { mCurrency: booker.mCurrency ?? null, mCurrencyFormat: booker.mCurrencyFormat ?? null }
}
