import { existsSync } from 'node:fs'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { watchBrowser } from './csp-violations'

/** Debian's Chromium: browsers are never downloaded here (see .ci/run). Lighthouse runs it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * What the tests drive: Debian's headless shell of the same Chromium (package
 * chromium-headless-shell, the build Playwright itself runs headless) when it is installed: a
 * fresh context and a page load cost it about 45 % less CPU (decision 101). Else Chromium;
 * `CHROMIUM_PATH` overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH)

/**
 * Nothing leaves loopback: every other address goes to a proxy that is not there (the discard
 * port, closed), so the request fails at once, in the browser, without Playwright's routing.
 * Chromium never proxies localhost, *.localhost and loopback addresses (its implicit bypass
 * rules), so the product's hosts load directly. A test that stubs a third party routes those
 * URLs itself (page.route), which is served before any proxy.
 */
const OFF_LOOPBACK = '--proxy-server=http://127.0.0.1:9'

/** src/islands/loading/needs.ts EVENTS_SHOWN_KEY: the carousel already opened in this tab. */
const EVENTS_SHOWN_KEY = 'events-shown'

export interface LaunchOptions {
  /**
   * The events carousel opens on load on every page while events are current
   * (docs/product/4-states.md "Events and alerts"), a modal over whatever a test meant to do.
   * Every context starts its visits as if it had already opened in the tab, unless this is true:
   * the journeys of the carousel itself opt out.
   */
  readonly eventsOnLoad?: boolean
}

/** Runs in every frame before the page's own scripts. */
function markEventsShown(key: string) {
  try {
    sessionStorage.setItem(key, '1')
  } catch {
    // about:blank and opaque origins have no storage
  }
}

function presetEventsShown(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args)
    await context.addInitScript(markEventsShown, EVENTS_SHOWN_KEY)
    return context
  }
  return browser
}

/**
 * Every context of the launched browser records Content-Security-Policy violations, and a test
 * during which one happened fails (csp-violations.ts, csp-setup.ts; decision 019). Its visits
 * start with the events carousel already shown unless `eventsOnLoad` (see LaunchOptions).
 * Where `shareBrowsers()` was called, the files of one worker borrow one browser (below).
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  if (!sharing) return launchWatched(options)
  const key = options.eventsOnLoad ? 'events-on-load' : 'events-shown'
  const current = kept.get(key)
  // the first borrower launches without waiting for anything, so two at once share the launch
  const alive =
    current !== undefined &&
    (await current.then(
      (browser) => browser.isConnected(),
      () => false,
    ))
  // none yet, or gone (or failed to launch): launched, unless another borrower relaunched it
  // while this one waited
  let launched = kept.get(key)
  if (launched === undefined || (!alive && launched === current)) {
    launched = launchWatched(options)
    kept.set(key, launched)
  }
  return borrowed(await launched)
}

async function launchWatched(options: LaunchOptions): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: TEST_BROWSER_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', OFF_LOOPBACK],
  })
  const watched = watchBrowser(browser)
  return options.eventsOnLoad ? watched : presetEventsShown(watched)
}

/**
 * Launching Chromium and closing it costs about a second of CPU and half a second of wall time
 * beside the contexts a file opens (decision 110): the journeys, whose files share a worker
 * (isolate: false), launch it once per worker and launch options, and each file borrows it. What a
 * file opens stays its own: contexts are fresh as before, and the borrowed browser's `close` closes
 * the file's contexts, not the browser. Playwright ends the browser with the worker's process.
 */
let sharing = false
const kept = new Map<string, Promise<Browser>>()

export function shareBrowsers(): void {
  sharing = true
}

function borrowed(browser: Browser): Browser {
  const own = new Set<BrowserContext>()
  const track = (context: BrowserContext) => {
    own.add(context)
    context.once('close', () => own.delete(context))
    return context
  }
  return new Proxy(browser, {
    get(target, key) {
      if (key === 'newContext')
        return async (...args: Parameters<Browser['newContext']>) =>
          track(await target.newContext(...args))
      if (key === 'newPage')
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args)
          track(page.context())
          return page
        }
      if (key === 'contexts') return () => [...own]
      if (key === 'close')
        return async () => {
          await Promise.allSettled([...own].map((context) => context.close()))
        }
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
