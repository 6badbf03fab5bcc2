import { type AlertLike, activeAlerts } from '#domain/content/active-alerts'
import { isLocale, type Locale } from '#i18n/locales'
import { createTranslatorFrom } from '#i18n/translator'
import { browserEnv } from '#islands/loading/browser-env'
import { importChunk } from '#islands/loading/chunk-reload'
import { EVENTS_SHOWN_KEY, eventsOnLoad } from '#islands/loading/needs'
import { noticeStorage, showBell } from './badge'
import type { NoticesFrame } from './frame'
import type { CurrentLists } from './lists'
import { loadedCategories } from './loaded-services'

/**
 * An alert of the list call as far as the badge reads it, before the contract's check: an id,
 * and the service and dates the shared rule reads (a date it cannot read is never current).
 */
interface CountedAlert extends AlertLike {
  id: string | number
}

const idOf = (item: unknown): unknown => (item as { id?: unknown }).id
const counted = (item: unknown): item is CountedAlert =>
  typeof idOf(item) === 'string' || typeof idOf(item) === 'number'

async function fetchFrame(url: string): Promise<NoticesFrame> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`notices: ${url} answered ${response.status}`)
  return (await response.json()) as NoticesFrame
}

/**
 * The bell of a page where events or alerts are current (start.ts found some): shown with its
 * badge from the build's frame (/notices.json, data) and the lists' ids alone. The contract's
 * check, the tenant HTML's cleaning and the dialogs (notices.ts, with zod: about 20 KB) load
 * only when something is opened: the carousel on the first page of a visit, or a click on the
 * bell (fetched ahead when the pointer or the focus reaches it). A returning reader's page
 * stays within its 15 KB budget (docs/decisions/034-notices-read-at-page-load.md).
 */
export async function startBell(
  bell: HTMLElement,
  lists: CurrentLists,
  now: number,
): Promise<void> {
  const code = document.documentElement.lang.slice(0, 2)
  const locale: Locale = isLocale(code) ? code : 'fr'
  const frame = await fetchFrame(bell.dataset.src ?? 'notices.json')
  const alertIds = activeAlerts(lists.alerts.filter(counted), loadedCategories(frame), now).map(
    (alert) => String(alert.id),
  )
  if (alertIds.length === 0 && lists.events.length === 0) return
  const t = createTranslatorFrom(locale, frame.messages)
  const markOpened = showBell(bell, alertIds, t)
  const dialogs = () => importChunk(() => import('./notices'))
  const opening = { t, lists, now, frame, markOpened }
  let busy = false
  bell.addEventListener('click', () => {
    if (busy) return
    busy = true
    bell.setAttribute('aria-busy', 'true')
    void dialogs()
      .then(({ openFromBell }) => openFromBell(bell, opening))
      .catch((error: unknown) => console.warn('[notices] not loaded', error))
      .finally(() => {
        busy = false
        bell.removeAttribute('aria-busy')
      })
  })
  // fetched ahead without the chunk-failure reload: a pointer passing by must not reload the page
  const ahead = () => void import('./notices').catch(() => undefined)
  for (const event of ['pointerenter', 'focus'] as const) {
    bell.addEventListener(event, ahead, { once: true })
  }
  const session = noticeStorage('session')
  const env = { ...browserEnv(), shown: session?.getItem(EVENTS_SHOWN_KEY) === '1' }
  if (eventsOnLoad(lists.events.length, env)) {
    session?.setItem(EVENTS_SHOWN_KEY, '1')
    void dialogs().then(({ openEventsOnLoad }) => openEventsOnLoad(bell, opening))
  }
}
