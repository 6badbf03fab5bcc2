import { importChunk } from '#islands/loading/chunk-reload'
import { currentLists } from './lists'

/**
 * What every page runs once it has loaded (decision 034): the company's events and alerts from
 * the API, and the notices script (validation, the bell, the dialogs) only when some are current.
 */
export function startNoticesCheck(bell: HTMLElement): void {
  const locale = document.documentElement.lang.slice(0, 2) || 'fr'
  const token = document.documentElement.dataset.companyToken ?? ''
  const now = Date.now()
  void currentLists(token, locale, now).then((lists) => {
    if (lists.events.length === 0 && lists.alerts.length === 0) return
    void importChunk(() => import('./notices')).then(({ startNotices }) =>
      startNotices(bell, lists, now),
    )
  })
}
