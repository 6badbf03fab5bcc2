import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { type LaunchOptions, launchBrowser } from '#support/browser'
import { isSerious, onOffLoopback, runAxe } from '#support/page-checks'
import { journeyProduct } from './product'
import { DESKTOP, PHONE } from './viewports'

export { DESKTOP, PHONE } from './viewports'
/** The two screens every journey runs on. */
export const SCREENS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const

export const BAINS = 'bains-du-lac.localhost'
export const MAISON = 'maison-lumiere.localhost'

export interface SitePage {
  readonly context: BrowserContext
  readonly page: Page
  /** every URL that tried to leave loopback (answered by a stub, or aborted) */
  readonly outside: URL[]
  /** script errors of the page */
  readonly errors: string[]
}

export interface OpenOptions extends BrowserContextOptions {
  /** cookies for the site's host (e.g. { 'preference-set': 'connection' }) */
  cookies?: Record<string, string>
  /** hosts answered by an empty script instead of being aborted */
  stubHosts?: readonly string[]
}

/**
 * A browser shared by the journeys of one file, and fresh contexts on the shared product: every
 * request that leaves loopback is recorded at the network boundary, then stubbed or aborted.
 * Visits start with the events carousel already shown unless `launch.eventsOnLoad`.
 */
export function siteBrowser(launch: LaunchOptions = {}) {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  const product = journeyProduct()
  return {
    url: (host: string, path = '/') => product.url(host, path),
    async open(host: string, options: OpenOptions = {}): Promise<SitePage> {
      browser ??= await launchBrowser(launch)
      const { cookies = {}, stubHosts = [], ...contextOptions } = options
      const context = await browser.newContext({ viewport: DESKTOP, ...contextOptions })
      contexts.push(context)
      const list = Object.entries(cookies).map(([name, value]) => ({
        name,
        value,
        url: product.url(host, '/'),
      }))
      if (list.length > 0) await context.addCookies(list)
      // the browser refuses every address off loopback (tests/support/browser.ts); the hosts
      // to stub are routed, only them, and only for the contexts that name some (decision 096)
      const outside: URL[] = []
      onOffLoopback(context, (address) => outside.push(new URL(address)))
      if (stubHosts.length > 0)
        await context.route(
          (url) => stubHosts.includes(url.hostname),
          (route) => route.fulfill({ contentType: 'text/javascript', body: '/* stub */' }),
        )
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      return { context, page, outside, errors }
    },
    async closeContexts() {
      await Promise.allSettled(contexts.splice(0).map((context) => context.close()))
    },
    async close() {
      await Promise.allSettled(contexts.splice(0).map((context) => context.close()))
      await browser?.close()
    },
  }
}

/** axe-core WCAG 2.1 A/AA findings of serious or critical impact, as readable lines. */
export async function seriousAxe(page: Page): Promise<string[]> {
  return (await runAxe(page))
    .filter(isSerious)
    .map((finding) => `${finding.id}: ${finding.help} ${finding.nodes.join(' | ')}`)
}

/** The element that has the focus, described by its tag and accessible text. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element) return ''
    return `${element.tagName.toLowerCase()}:${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''}`
  })
}
