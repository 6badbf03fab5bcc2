/**
 * One dialog at a time (docs/product/2-screens.md "Dialogs"): the events carousel, the alerts
 * dialog and the coupon pop-up each ask to be shown under a kind; the first is shown, the others
 * wait in the order they asked and are shown one by one as the previous closes. A kind already
 * shown or waiting is not added twice (two requests for the events carousel show it once).
 * A queue created `held` shows nothing until `release()`: the cookie dialog is first in line and
 * nothing opens over it (docs/decisions/058-consent-first-visit.md); then the first that asked
 * is shown, the others after it.
 * Pure: `show` is called with the entry to put on screen, the DOM is modal.ts's business.
 */
export interface DialogQueue<T> {
  /** Asks to show `entry`; false when a dialog of that kind is already shown or waiting. */
  request(kind: string, entry: T): boolean
  /**
   * The shown dialog of `kind` closed (or a waiting one was dropped): shows the next one, which
   * is returned; undefined when nothing follows.
   */
  closed(kind: string): T | undefined
  /** Ends the hold: shows the first waiting entry (returned), if nothing is on screen. */
  release(): T | undefined
  /** The kind on screen, if any. */
  readonly showing: string | undefined
  /** True until `release()` for a queue created held. */
  readonly held: boolean
}

export function createDialogQueue<T>(
  show: (entry: T) => void,
  options: { held?: boolean } = {},
): DialogQueue<T> {
  let current: { kind: string; entry: T } | undefined
  const waiting: { kind: string; entry: T }[] = []
  let held = options.held === true
  return {
    request(kind, entry) {
      if (current?.kind === kind || waiting.some((item) => item.kind === kind)) return false
      if (current || held) {
        waiting.push({ kind, entry })
        return true
      }
      current = { kind, entry }
      show(entry)
      return true
    },
    closed(kind) {
      if (current?.kind !== kind) {
        const at = waiting.findIndex((item) => item.kind === kind)
        if (at >= 0) waiting.splice(at, 1)
        return undefined
      }
      current = waiting.shift()
      if (current) show(current.entry)
      return current?.entry
    },
    release() {
      if (!held) return undefined
      held = false
      if (current) return undefined
      current = waiting.shift()
      if (current) show(current.entry)
      return current?.entry
    },
    get showing() {
      return current?.kind
    },
    get held() {
      return held
    },
  }
}
