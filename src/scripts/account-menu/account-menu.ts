/**
 * The header account menu and the drawer's account part (docs/product/2-screens.md), without a framework: the
 * static HTML is the signed-out state (login, register); when a customer token is stored this
 * shows the signed-in entries at once and loads the auto-login (docs/product/4-states.md) in a separate chunk,
 * which logs out on a bad token and fills the drawer's name and e-mail. A signed-out visitor
 * downloads only this file (docs/decisions/007-island-loading.md: no React on a magazine post).
 *
 * It also gives the login and register links the page to come back to (`?redirect=`, kept only
 * for paths of this site), and sends the path forms of account addresses
 * (/profile/password-reset/:token, /profile/orders/:id) that reached another page, the 404, to
 * their static page (domain/account/account-routes).
 */

import { misroutedAccountPath } from '#domain/account/account-routes'
import { safeRedirect, withRedirect } from '#domain/account/safe-redirect'
import {
  type AccountEntry,
  accountEntries,
  type MenuState,
  sessionToCheck,
} from '#domain/account/session-hint'
import type { MenuView } from './account-menu-session'

const SESSION_EVENT = 'account:change'

function storageItem(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function applyMenu(view: MenuView): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-account-menu]')) {
    const state: MenuState = {
      signedIn: view.signedIn,
      shopOn: root.dataset.shopOn === 'true',
      hasLoyaltyCard: view.hasLoyaltyCard,
    }
    const shown = new Set<AccountEntry>(accountEntries(state))
    for (const item of root.querySelectorAll<HTMLElement>('[data-entry]')) {
      item.hidden = !shown.has(item.dataset.entry as AccountEntry)
    }
    const who = root.querySelector<HTMLElement>('[data-account-who]')
    if (who) {
      who.hidden = !(view.signedIn && view.email)
      const name = who.querySelector('[data-account-name]')
      const email = who.querySelector('[data-account-email]')
      if (name) name.textContent = view.name ?? ''
      if (email) email.textContent = view.email ?? ''
    }
  }
}

function linkAuthPages(): void {
  const here = `${location.pathname}${location.search}${location.hash}`
  const current = new URLSearchParams(location.search).get('redirect')
  const onAuthPage = /^\/(?:[a-z]{2}\/)?auth\//.test(location.pathname)
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-account-auth]')) {
    const base = link.pathname
    if (!onAuthPage) link.href = withRedirect(base, here)
    else if (current) link.href = withRedirect(base, safeRedirect(current, ''))
  }
}

function refresh(): void {
  const check = sessionToCheck(document.cookie, storageItem)
  const signedIn = check === 'customer'
  applyMenu({ signedIn })
  if (signedIn) void import('./account-menu-session').then((session) => session.verify(applyMenu))
  // a restored provider session is checked once per page (docs/decisions/063-last-partial-rows-of-the-api.md)
  else if (check === 'provider') void import('./provider-session').then((p) => p.verifyProvider())
}

function start(): void {
  // docs/product/2-screens.md path forms (/profile/orders/:id, /profile/password-reset/:token) become the static
  // page's own form: the sites server answers them with that page, where the address is only
  // rewritten (the token leaves the path, so no Referer carries it); any other page (a server
  // without that fallback shows its 404) goes there
  const target = misroutedAccountPath(location.pathname)
  if (target && document.querySelector('[data-account-page]')) {
    history.replaceState(
      history.state,
      '',
      target.includes('#') ? target : `${target}${location.hash}`,
    )
  } else if (target) {
    location.replace(target)
    return
  }
  linkAuthPages()
  refresh()
  window.addEventListener(SESSION_EVENT, refresh)
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('[data-account-logout]')
    if (!button) return
    event.preventDefault()
    const home = button.dataset.home ?? '/'
    void import('./account-menu-session').then((session) => session.logout(home))
  })
}

start()
