/**
 * A tenant's /disabled page (docs/product/2-screens.md maintenance page, docs/product/4-states.md
 * site states): ask the API whether the site is still offline, at once and then every
 * TIMING_MS.siteBackCheck, and send the visitor home when it is not. The company token is on
 * <html data-company-token>. A failed check counts as offline (docs/product/8-errors.md).
 */
import { resolveConfig } from '#api/config'
import type { ApiContext } from '#api/context'
import { isOffline } from '#api/wrappers/swallowed'
import { TIMING_MS } from '#contract/constants'
import { firstCheckDelay } from '#domain/company/site-offline'

/** When this tab last left for home: home may still send it back until the site is rebuilt. */
const LEFT_KEY = 'site-back-left-at'

function leftAt(): number | null {
  try {
    const value = sessionStorage.getItem(LEFT_KEY)
    return value === null ? null : Number(value)
  } catch {
    return null
  }
}

function rememberLeaving(): void {
  try {
    sessionStorage.setItem(LEFT_KEY, String(Date.now()))
  } catch {
    // storage refused (private mode): the next page simply checks at once
  }
}

function watchBackOnline(home: string, companyToken: string): void {
  const context: ApiContext = {
    config: resolveConfig(import.meta.env),
    side: 'browser',
    companyToken,
  }
  const interval = TIMING_MS.siteBackCheck
  const check = async () => {
    if (!(await isOffline(context))) {
      rememberLeaving()
      location.assign(home)
      return
    }
    setTimeout(check, interval)
  }
  setTimeout(check, firstCheckDelay(leftAt(), Date.now(), interval))
}

const home = document.querySelector<HTMLElement>('[data-back-online]')?.dataset.backOnline
const token = document.documentElement.dataset.companyToken
if (home && token) watchBackOnline(home, token)
