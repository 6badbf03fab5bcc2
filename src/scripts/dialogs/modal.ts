import { createDialogQueue } from './queue'

/** The dialogs that queue (docs/product/2-screens.md "Dialogs"). */
export type DialogKind = 'events' | 'alerts' | 'coupon'

interface Entry {
  dialog: HTMLDialogElement
  opener: Element | null
  onShow: (() => void) | undefined
}

// one queue for the page: the notices and the coupon scripts share this module's chunk
const queue = createDialogQueue<Entry>((entry) => {
  document.body.append(entry.dialog)
  entry.dialog.showModal()
  entry.onShow?.()
})

function restoreFocus(opener: Element | null) {
  if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) {
    opener.focus()
  } else document.getElementById('main')?.focus()
}

/**
 * A modal <dialog> (HTML: Escape closes it) shown when no other of the queued dialogs is up,
 * else when those before it have closed; removed when closed. The focus goes back to where it
 * was before the first of a chain of dialogs opened (`opener`, or the page's main element when
 * that was nothing). `onShow` runs when it is on screen (the events carousel starts its timer).
 * Returns false when a dialog of that kind is already up or waiting.
 */
export function openModal(
  kind: DialogKind,
  dialog: HTMLDialogElement,
  options: { opener?: Element | null; onShow?: () => void } = {},
): boolean {
  const entry: Entry = {
    dialog,
    opener: options.opener === undefined ? document.activeElement : options.opener,
    onShow: options.onShow,
  }
  dialog.addEventListener('close', () => {
    dialog.remove()
    const next = queue.closed(kind)
    if (!next) restoreFocus(entry.opener)
    // the next one asked while nothing or this dialog had the focus: it returns where this
    // one's would have
    else if (!next.opener?.isConnected || next.opener === document.body) {
      next.opener = entry.opener
    }
  })
  return queue.request(kind, entry)
}
