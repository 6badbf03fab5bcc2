/**
 * The page-load progress bar (docs/product/9-constants.md timings): a thin bar at the top of the
 * page, shown once a load has lasted TIMING_MS.progressDelay and filling over
 * TIMING_MS.progressDuration (the stylesheet's animation) until it ends. A load is a navigation
 * to another page of this site, which lasts until the next page replaces this one, or an island
 * whose code is still downloading (trackLoad). The bar is fixed over the page: it moves nothing.
 */
import { TIMING_MS } from '#contract/constants'

let pending = 0
let timer: ReturnType<typeof setTimeout> | undefined

function bar(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-page-progress]')
}

function start(): void {
  pending += 1
  if (pending > 1) return
  timer = setTimeout(() => {
    const element = bar()
    if (!element) return
    element.style.animationDuration = `${TIMING_MS.progressDuration}ms`
    element.hidden = false
  }, TIMING_MS.progressDelay)
}

function done(): void {
  pending = Math.max(0, pending - 1)
  if (pending > 0) return
  clearTimeout(timer)
  const element = bar()
  if (element) element.hidden = true
}

/** Shows the bar while `load` is pending (after the delay), and answers `load` itself. */
export function trackLoad<T>(load: Promise<T>): Promise<T> {
  start()
  return load.finally(done)
}

/** A click that leaves for another page of this site in this tab. */
function leavesPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false
  const link = (event.target as Element | null)?.closest?.('a[href]')
  if (!(link instanceof HTMLAnchorElement)) return false
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return false
  const to = new URL(link.href, location.href)
  if (to.origin !== location.origin) return false
  // a jump within this page loads nothing
  return !(to.pathname === location.pathname && to.search === location.search && to.hash !== '')
}

let navigating = false

function navigationStarts(): void {
  if (navigating) return
  navigating = true
  start()
}

// listeners on the document run after the page's own (which may cancel the navigation)
document.addEventListener('click', (event) => {
  if (leavesPage(event)) navigationStarts()
})
document.addEventListener('submit', (event) => {
  const form = event.target
  if (!event.defaultPrevented && form instanceof HTMLFormElement && !form.target) {
    navigationStarts()
  }
})
// back to this page from the history cache: whatever was loading is over
window.addEventListener('pageshow', (event) => {
  if (!event.persisted || !navigating) return
  navigating = false
  done()
})
