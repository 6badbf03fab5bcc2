import '#styles/notices.scss'
import { isLocale, type Locale } from '#i18n/locales'
import { createTranslatorFrom, type Translator } from '#i18n/translator'
import { browserEnv } from '#islands/loading/browser-env'
import {
  ALERTS_OPENED_KEY,
  EVENTS_SHOWN_KEY,
  eventsOnLoad,
  openedAlerts,
  unreadAlerts,
} from '#islands/loading/needs'
import { openAlertsDialog } from './alerts-dialog'
import { openEventsDialog } from './events-dialog'
import type { CurrentLists } from './lists'
import { type LoadedNotices, loadNotices } from './load'

function storage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? localStorage : sessionStorage
  } catch {
    return undefined
  }
}

function wire(bell: HTMLElement, { events, alerts, frame }: LoadedNotices, locale: Locale): void {
  const t: Translator = createTranslatorFrom(locale, frame.messages)
  const badge = bell.querySelector<HTMLElement>('[data-badge]')
  const label = bell.getAttribute('aria-label') ?? ''
  const alertIds = alerts.map((alert) => alert.id)

  const renderBadge = () => {
    const opened = openedAlerts(storage('local')?.getItem(ALERTS_OPENED_KEY) ?? null)
    const unread = unreadAlerts(alertIds, opened)
    if (!badge) return
    badge.hidden = unread.length === 0
    badge.textContent = String(unread.length)
    // the visible count is part of the name (WCAG 2.5.3)
    const extra = unread.length > 0 ? `, ${t.tn('alerts.unread', unread.length)}` : ''
    bell.setAttribute('aria-label', `${label}${extra}`)
  }

  bell.hidden = false
  renderBadge()

  bell.addEventListener('click', () => {
    if (alerts.length === 0) {
      openEventsDialog(events, t, frame.iso, bell)
      return
    }
    // docs/product/4-states.md: the badge shows until the list is opened
    const opened = openedAlerts(storage('local')?.getItem(ALERTS_OPENED_KEY) ?? null)
    for (const id of alertIds) opened.add(id)
    storage('local')?.setItem(ALERTS_OPENED_KEY, JSON.stringify([...opened]))
    renderBadge()
    openAlertsDialog(alerts, t, {
      opener: bell,
      onEvents:
        events.length > 0 ? () => void openEventsDialog(events, t, frame.iso, bell) : undefined,
    })
  })

  const session = storage('session')
  const env = { ...browserEnv(), shown: session?.getItem(EVENTS_SHOWN_KEY) === '1' }
  if (eventsOnLoad(events.length, env)) {
    session?.setItem(EVENTS_SHOWN_KEY, '1')
    // without an opener, the focus returns to whatever had it when the carousel opened
    openEventsDialog(events, t, frame.iso)
  }
}

/**
 * The bell (docs/product/2-screens.md header, docs/product/4-states.md "Events and alerts"):
 * start.ts read the events and alerts from the API when the page loaded and found some current;
 * the bell shows, with a badge while a current alert has not been opened (opened ids in local
 * storage); a click opens the alerts dialog (or the events carousel when only events are
 * current). The events carousel opens on load on any page once per visit. A failed load is only
 * logged: the bell stays hidden. Vanilla (decision 008).
 */
export function startNotices(bell: HTMLElement, lists: CurrentLists, now: number): void {
  const code = document.documentElement.lang.slice(0, 2)
  const locale: Locale = isLocale(code) ? code : 'fr'
  loadNotices(locale, lists, now, bell.dataset.src ?? 'notices.json')
    .then((loaded) => {
      if (loaded) wire(bell, loaded, locale)
    })
    .catch((error: unknown) => console.warn('[notices] not loaded', error))
}
