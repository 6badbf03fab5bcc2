import '#styles/notices.scss'
import type { Translator } from '#i18n/translator'
import { openAlertsDialog } from './alerts-dialog'
import { openEventsDialog } from './events-dialog'
import type { NoticesFrame } from './frame'
import type { CurrentLists } from './lists'
import { checkNotices, type LoadedNotices } from './load'

/** What bell.ts read when the page loaded, handed over when a dialog is to open. */
export interface Opening {
  /** the page's translator over the frame's messages (its locale is the page's) */
  t: Translator
  lists: CurrentLists
  now: number
  frame: NoticesFrame
  /** stores the alerts as opened and draws the bell's badge again (badge.ts) */
  markOpened: (ids: readonly string[]) => void
}

let checked: { loaded: LoadedNotices | undefined } | undefined

/** The lists checked against the contract once per page (load.ts); none when that throws. */
function checkedOnce({ t, lists, now, frame }: Opening): LoadedNotices | undefined {
  if (!checked) {
    try {
      checked = { loaded: checkNotices(t.locale, lists, now, frame) }
    } catch (error) {
      console.warn('[notices] not loaded', error)
      checked = { loaded: undefined }
    }
  }
  return checked.loaded
}

/**
 * A click on the bell (docs/product/2-screens.md header, docs/product/4-states.md "Events and
 * alerts"): the alerts dialog, which marks them opened (the badge shows until then), or the
 * events carousel when only events are current. When nothing holds against the contract, the
 * bell hides. Vanilla (decision 008).
 */
export function openFromBell(bell: HTMLElement, opening: Opening): void {
  const loaded = checkedOnce(opening)
  if (!loaded) {
    bell.hidden = true
    return
  }
  const { events, alerts, frame } = loaded
  const { t } = opening
  if (alerts.length === 0) {
    openEventsDialog(events, t, frame.iso, bell)
    return
  }
  opening.markOpened(alerts.map((alert) => alert.id))
  openAlertsDialog(alerts, t, {
    opener: bell,
    onEvents:
      events.length > 0 ? () => void openEventsDialog(events, t, frame.iso, bell) : undefined,
  })
}

/**
 * The events carousel opened on load, once per visit (bell.ts decided it): without an opener,
 * the focus returns to whatever had it when the carousel opened.
 */
export function openEventsOnLoad(bell: HTMLElement, opening: Opening): void {
  const loaded = checkedOnce(opening)
  if (!loaded) {
    bell.hidden = true
    return
  }
  if (loaded.events.length > 0) openEventsDialog(loaded.events, opening.t, loaded.frame.iso)
}
