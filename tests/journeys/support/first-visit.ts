import type { Page } from 'playwright-core'

/**
 * What a first-visit journey watches from the page's first script on (docs/decisions/058-consent-first-visit.md):
 * every layout shift (with and without a recent input), the most dialogs ever on screen at once
 * (the cookie banner counts as one), and the bytes the page pulled over the network.
 */
export interface FirstVisitWatch {
  /** The page's CLS as Lighthouse and the issue count it (largest session window, no input). */
  cls: number
  /** Every layout shift, inputs or not. */
  allShifts: number
  /** The nodes that moved, for a failing test's message. */
  shifted: string[]
  /** The most dialogs on screen at the same time since the page started. */
  mostDialogs: number
}

interface WatchWindow {
  __firstVisit?: FirstVisitWatch
}

/** Runs before the page's own scripts (addInitScript): keeps the numbers on window.__firstVisit. */
function watch() {
  const state: FirstVisitWatch = { cls: 0, allShifts: 0, shifted: [], mostDialogs: 0 }
  ;(window as WatchWindow).__firstVisit = state
  type Shift = PerformanceEntry & {
    value: number
    hadRecentInput: boolean
    sources?: { node?: Node | null }[]
  }
  // CLS as browsers report it: the largest session window (shifts less than 1 s apart, 5 s
  // at most) of the shifts without a recent input
  let session = { sum: 0, first: -Infinity, last: -Infinity }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      state.allShifts += entry.value
      if (!entry.hadRecentInput) {
        const at = entry.startTime
        if (at - session.last > 1000 || at - session.first > 5000) {
          session = { sum: 0, first: at, last: at }
        }
        session.sum += entry.value
        session.last = at
        state.cls = Math.max(state.cls, session.sum)
      }
      for (const source of entry.sources ?? []) {
        const node = source.node
        const name = node instanceof Element ? `${node.localName}.${node.className}` : 'text'
        const input = entry.hadRecentInput ? ' after input' : ''
        state.shifted.push(
          `${name} ${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms${input}`,
        )
      }
    }
  }).observe({ type: 'layout-shift', buffered: true })
  const count = () => {
    const open = document.querySelectorAll('dialog[open]').length
    const banner = document.querySelector('[data-consent-banner]:not([hidden])') ? 1 : 0
    state.mostDialogs = Math.max(state.mostDialogs, open + banner)
  }
  new MutationObserver(count).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['open', 'hidden'],
  })
}

export async function watchFirstVisit(page: Page): Promise<void> {
  await page.addInitScript(watch)
}

export function firstVisitState(page: Page): Promise<FirstVisitWatch> {
  return page.evaluate(() => {
    const state = (window as WatchWindow).__firstVisit
    if (!state) throw new Error('watchFirstVisit was not installed')
    return { ...state, shifted: [...state.shifted] }
  })
}

/** Bytes that crossed the network for this document and everything it loaded so far. */
export function transferredBytes(page: Page): Promise<number> {
  return page.evaluate(() =>
    performance
      .getEntries()
      .filter(
        (entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming,
      )
      .reduce((sum, entry) => sum + entry.transferSize, 0),
  )
}

/** What has the focus: 'skip', 'consent:<text>', or the tag and text of anything else. */
export function focusedPlace(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return 'body'
    if (element.classList.contains('skip-link')) return 'skip'
    const text = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''
    if (element.closest('[data-consent-banner]')) return `consent:${element.localName}:${text}`
    return `${element.localName}:${text}`
  })
}

/**
 * Where the header's logo and tools are, to the tenth of a pixel: what the cookie answer shows
 * in the header (the bell) must take a place kept for it, whatever time it takes to come (a late
 * bell is outside the input window CLS forgives, and moves the logo on a phone).
 */
export function headerPlaces(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ['.header__logo', '.header__tools'].map((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect()
      return box
        ? `${selector} ${[box.x, box.y, box.width, box.height].map((n) => n.toFixed(1)).join(' ')}`
        : `${selector} missing`
    }),
  )
}
