import { importChunk } from '#islands/loading/chunk-reload'
import { afterConsent } from '../consent/after-consent'
import { currentAt, currentLists } from './lists'

/**
 * What every page runs once it has loaded (decision 034): the company's events and alerts from
 * the API, and the bell's script (bell.ts; the dialogs load from there when opened) only when
 * some are current and the cookie dialog is answered: it is first in line, and a first visit
 * does not download what it cannot show yet (docs/decisions/058-consent-first-visit.md). What is
 * current is read again when the answer comes.
 */
export function startNoticesCheck(bell: HTMLElement): void {
  const locale = document.documentElement.lang.slice(0, 2) || 'fr'
  const token = document.documentElement.dataset.companyToken ?? ''
  void currentLists(token, locale, Date.now()).then((loaded) => {
    if (loaded.events.length === 0 && loaded.alerts.length === 0) return
    afterConsent(() => {
      const now = Date.now()
      const lists = currentAt(loaded, now)
      if (lists.events.length === 0 && lists.alerts.length === 0) return
      void importChunk(() => import('./bell'))
        .then(({ startBell }) => startBell(bell, lists, now))
        .catch((error: unknown) => console.warn('[notices] not loaded', error))
    })
  })
}
