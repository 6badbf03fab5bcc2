import type { Translator } from '#i18n/translator'
import { ALERTS_OPENED_KEY, openedAlerts, unreadAlerts } from '#islands/loading/needs'

/** Local or session storage, or none when the visitor blocks it (reading it may throw). */
export function noticeStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? localStorage : sessionStorage
  } catch {
    return undefined
  }
}

/**
 * Shows the bell with its badge: the count of the current alerts not opened yet (opened ids in
 * local storage, docs/product/4-states.md), part of the button's name (WCAG 2.5.3). Returns what
 * stores alerts as opened and draws the badge again: the dialogs' chunk calls it rather than
 * import this code a second time.
 */
export function showBell(
  bell: HTMLElement,
  alertIds: readonly string[],
  t: Translator,
): (ids: readonly string[]) => void {
  const badge = bell.querySelector<HTMLElement>('[data-badge]')
  const label = bell.getAttribute('aria-label') ?? ''
  const read = () => openedAlerts(noticeStorage('local')?.getItem(ALERTS_OPENED_KEY) ?? null)
  const draw = (opened: ReadonlySet<string>) => {
    const unread = unreadAlerts(alertIds, opened)
    if (!badge) return
    badge.hidden = unread.length === 0
    badge.textContent = String(unread.length)
    const extra = unread.length > 0 ? `, ${t.tn('alerts.unread', unread.length)}` : ''
    bell.setAttribute('aria-label', `${label}${extra}`)
  }
  bell.hidden = false
  draw(read())
  return (ids) => {
    const opened = read()
    for (const id of ids) opened.add(id)
    noticeStorage('local')?.setItem(ALERTS_OPENED_KEY, JSON.stringify([...opened]))
    draw(opened)
  }
}
