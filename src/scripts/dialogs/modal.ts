import { afterConsent, consentPending } from '../consent/after-consent'
import { focusDocumentStart } from './focus-start'
import { createDialogQueue } from './queue'

/** The dialogs that queue (docs/product/2-screens.md "Dialogs"). */
export type DialogKind = 'events' | 'alerts' | 'coupon'

interface Entry {
  dialog: HTMLDialogElement
  /** undefined: whatever has the focus when the dialog shows */
  opener: Element | null | undefined
  onShow: (() => void) | undefined
}

// one queue for the page: the notices and the coupon scripts share this module's chunk
const queue = createDialogQueue<Entry>(
  (entry) => {
    // the opener is read when the dialog shows, not when it asked: a dialog that waited for the
    // cookie answer returns the focus to where the answer left it
    if (entry.opener === undefined) entry.opener = document.activeElement
    document.body.append(entry.dialog)
    entry.dialog.showModal()
    entry.onShow?.()
  },
  // the cookie dialog is first in line: the queue holds every dialog until it is answered, then
  // shows the first that asked (docs/decisions/058-consent-first-visit.md)
  { held: consentPending() },
)
if (queue.held) afterConsent(() => queue.release())

function restoreFocus(opener: Element | null | undefined) {
  if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) {
    opener.focus()
  } else focusDocumentStart(document)
}

/**
 * A modal <dialog> (HTML: Escape closes it) shown when no other of the queued dialogs is up
 * and the cookie dialog is answered, else when those before it have closed; removed when closed.
 * The focus goes back to where it was before the first of a chain of dialogs opened (`opener`,
 * or what had the focus when it showed; the document start when that was nothing, so the next
 * Tab is the skip link). `onShow` runs when it is on screen (the events carousel starts its timer).
 * Returns false when a dialog of that kind is already up or waiting.
 */
export function openModal(
  kind: DialogKind,
  dialog: HTMLDialogElement,
  options: { opener?: Element | null; onShow?: () => void } = {},
): boolean {
  const entry: Entry = { dialog, opener: options.opener, onShow: options.onShow }
  dialog.addEventListener('close', () => {
    // The close event comes a task after the dialog closed: a Tab pressed in between (a loaded
    // phone delays the event) has already taken the focus on, and pulling it back would undo
    // the visitor's key. Chromium's own return of the focus to what had it when the dialog
    // showed is kept the same way.
    const active = document.activeElement
    const movedOn = active !== null && active !== document.body && !dialog.contains(active)
    dialog.remove()
    const next = queue.closed(kind)
    if (!next) {
      if (!movedOn) restoreFocus(entry.opener)
    }
    // the next one asked while nothing or this dialog had the focus: it returns where this
    // one's would have
    else if (!next.opener?.isConnected || next.opener === document.body) {
      next.opener = entry.opener
    }
  })
  return queue.request(kind, entry)
}
