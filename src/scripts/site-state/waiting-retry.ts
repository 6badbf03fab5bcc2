/**
 * /waiting (docs/product/4-states.md overloaded): the shops are asked again every
 * TIMING_MS.siteBackCheck, or at once when the visitor presses "retry"; as soon as they load, the
 * visitor goes back to the page they were on (`?from=`, a path of this site, home otherwise).
 * The countdown says when the next try comes.
 */
import { resolveConfig } from '#api/config'
import type { ApiContext } from '#api/context'
import { callApi } from '#api/request'
import { shopsCalls } from '#contract/calls/catalogue-shops'
import { TIMING_MS } from '#contract/constants'
import { waitingReturn } from '#domain/web/waiting-return'

function watch(root: HTMLElement, companyToken: string): void {
  const target = waitingReturn(
    new URLSearchParams(location.search).get('from'),
    root.dataset.waiting ?? '/',
  )
  const retry = root.querySelector<HTMLAnchorElement>('[data-retry]')
  const countdown = root.querySelector<HTMLElement>('[data-countdown]')
  const template = root.dataset.retryIn ?? ''
  const context: ApiContext = {
    config: resolveConfig(import.meta.env),
    side: 'browser',
    companyToken,
  }
  const every = Math.round(TIMING_MS.siteBackCheck / 1000)
  let left = every
  let trying = false
  // set once the shops answered: the page is leaving, and a tick of the countdown while the next
  // page loads (slow on a busy phone) must not ask again
  let leaving = false
  const show = () => {
    if (countdown) countdown.textContent = template.replace('{seconds}', String(left))
  }
  const tryAgain = async () => {
    if (trying || leaving) return
    trying = true
    try {
      await callApi(context, shopsCalls.list, {})
      leaving = true
      location.assign(target)
      return
    } catch {
      // still overloaded: wait for the next try
    } finally {
      trying = false
    }
    left = every
    show()
  }
  if (retry) {
    retry.href = target
    retry.addEventListener('click', (event) => {
      event.preventDefault()
      void tryAgain()
    })
  }
  show()
  setInterval(() => {
    left = Math.max(0, left - 1)
    show()
    if (left === 0) void tryAgain()
  }, 1000)
}

const root = document.querySelector<HTMLElement>('[data-waiting]')
const token = document.documentElement.dataset.companyToken
if (root && token) watch(root, token)
