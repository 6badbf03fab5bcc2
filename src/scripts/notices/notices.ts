import '#styles/notices.scss'
import { currentItems } from '#domain/content/current-items'
import { isLocale } from '#i18n/locales'
import { createTranslatorFrom, type Translator } from '#i18n/translator'
import { browserEnv } from '#islands/loading/browser-env'
import {
  ALERTS_OPENED_KEY,
  EVENTS_SHOWN_KEY,
  eventsOnLoad,
  type NoticesDue,
  openedAlerts,
  unreadAlerts,
} from '#islands/loading/needs'
import { type NoticeAlert, openAlertsDialog } from './alerts-dialog'
import { type NoticeEvent, openEventsDialog } from './events-dialog'

/** /notices.json as notices.json.ts writes it. */
interface NoticesPayload {
  events: NoticeEvent[]
  alerts: NoticeAlert[]
  iso: string
  messages: Record<string, string>
}

function storage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? localStorage : sessionStorage
  } catch {
    return undefined
  }
}

/**
 * The bell (docs/product/2-screens.md header, docs/product/4-states.md): shown when events or alerts are current by the visitor's clock,
 * with a badge while a current alert has not been opened (opened ids in local storage); a click
 * opens the alerts dialog (or the events carousel when only events are current). On the home
 * page the events dialog opens on load once per visit. Vanilla: loaded by header-menu.ts only
 * when `noticesDue` found something current (decision 008).
 */
export function startNotices(bell: HTMLElement, due: NoticesDue): void {
  const locale = document.documentElement.lang.slice(0, 2)
  const badge = bell.querySelector<HTMLElement>('[data-badge]')
  const label = bell.getAttribute('aria-label') ?? ''
  let data: Promise<{ payload: NoticesPayload; t: Translator }> | undefined
  const load = () => {
    data ??= fetch(bell.dataset.src ?? 'notices.json')
      .then((response) => {
        if (!response.ok) throw new Error(`notices: ${response.status}`)
        return response.json() as Promise<NoticesPayload>
      })
      .then((payload) => {
        const now = Date.now()
        const current = {
          ...payload,
          events: currentItems(payload.events, now),
          alerts: currentItems(payload.alerts, now),
        }
        const t = createTranslatorFrom(isLocale(locale) ? locale : 'fr', payload.messages)
        return { payload: current, t }
      })
    return data
  }

  const renderBadge = (t?: Translator) => {
    const unread = unreadAlerts(
      due.alerts,
      openedAlerts(storage('local')?.getItem(ALERTS_OPENED_KEY) ?? null),
    )
    if (!badge) return
    badge.hidden = unread.length === 0
    badge.textContent = String(unread.length)
    // the visible count is part of the name (WCAG 2.5.3), in words once the messages are here
    const count = t ? t.tn('alerts.unread', unread.length) : String(unread.length)
    const extra = unread.length > 0 ? `, ${count}` : ''
    bell.setAttribute('aria-label', `${label}${extra}`)
  }

  // without an opener, the focus returns to whatever had it when the carousel opened
  const showEvents = async (opener?: Element) => {
    const loaded = await load().catch(() => undefined)
    if (loaded) openEventsDialog(loaded.payload.events, loaded.t, loaded.payload.iso, opener)
  }

  bell.hidden = false
  renderBadge()
  if (badge && !badge.hidden) {
    load()
      .then(({ t }) => renderBadge(t))
      .catch(() => undefined)
  }

  bell.addEventListener('click', async () => {
    const loaded = await load().catch(() => undefined)
    if (!loaded) return
    const { payload, t } = loaded
    if (payload.alerts.length === 0) {
      openEventsDialog(payload.events, t, payload.iso, bell)
      return
    }
    const opened = openedAlerts(storage('local')?.getItem(ALERTS_OPENED_KEY) ?? null)
    for (const alert of payload.alerts) opened.add(String(alert.id))
    storage('local')?.setItem(ALERTS_OPENED_KEY, JSON.stringify([...opened]))
    renderBadge(t)
    openAlertsDialog(payload.alerts, t, {
      opener: bell,
      onEvents: payload.events.length > 0 ? () => void showEvents(bell) : undefined,
    })
  })

  const session = storage('session')
  const env = {
    ...browserEnv(),
    shown: session?.getItem(EVENTS_SHOWN_KEY) === '1',
    home: document.querySelector('[data-events-on-load]') !== null,
  }
  if (eventsOnLoad(due, env)) {
    session?.setItem(EVENTS_SHOWN_KEY, '1')
    void showEvents()
  }
}
