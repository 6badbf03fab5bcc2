/**
 * `npm run bench:weight`: the gzipped JavaScript and CSS each page type makes
 * the browser download, measured in Chromium (every script and stylesheet response, gzipped, plus
 * the page's inline scripts and styles), for a first visit and for a returning visitor who
 * answered the cookie dialog; beside them the bytes that really crossed the network (Chromium's
 * Network events: compressed bodies and headers) on the first load with an empty HTTP cache and
 * on a second load with the cache on; and the size of every JS chunk of the build. Nothing is
 * intercepted (request interception turns Chromium's HTTP cache off): third parties, all https,
 * are blocked by URL in the network stack instead. Builds the demo tenants with
 * NODE_ENV=production and compresses them as build:sites does (or measures `--dist DIR`, a build
 * with <host>/ folders and _astro/), then appends a section to docs/benchmarks.md (`--no-write`
 * prints only).
 * Targets: returning visitor on a magazine post <= 15 KB JS; home first visit <= 90 KB; booking
 * page <= 160 KB before the payment SDK.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import { launchBrowser } from '#support/browser'
import { startTestServe } from '#support/serve'
import { DEMO_NOW } from '#support/tenant-snapshot'
import { buildDemoSites, DEMO_HOSTS, prepareDemoSites, startBenchApi } from './demo-sites'
import { firstPage } from './first-page'
import { describeMachine } from './machine'
import { appendSection } from './report-md'
import { blockThirdParties, onTheWire, type Wire } from './wire'

const HOSTS = DEMO_HOSTS
const BENCH_FILE = new URL('../../docs/benchmarks.md', import.meta.url)
const TARGETS: Record<string, number> = {
  'magazine post, returning': 15 * 1024,
  'home, first visit': 90 * 1024,
  'service booking page, returning': 160 * 1024,
}

const args = process.argv.slice(2)
const distArg = args.includes('--dist') ? args[args.indexOf('--dist') + 1] : undefined
const write = !args.includes('--no-write')

interface Measure {
  host: string
  page: string
  js: number
  css: number
  texts: number
  react: boolean
  /** Bytes received for the first load (empty cache) and a second one (cache on). */
  firstWire: Wire
  againWire: Wire
}

async function measure(
  page: Page,
  url: string,
): Promise<{ js: number; css: number; texts: number; react: boolean }> {
  let js = 0
  let css = 0
  // the locale's message catalog the islands fetch (decision 010): data, not script
  let texts = 0
  let react = false
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    const type = response.request().resourceType()
    const catalog = type === 'fetch' && /\/_astro\/[a-z]{2}\.[\w-]+\.json$/.test(response.url())
    if (type !== 'script' && type !== 'stylesheet' && !catalog) return
    pending.push(
      response
        .body()
        .then((body) => {
          const size = gzipSync(body).length
          if (catalog) texts += size
          else if (type === 'script') js += size
          else css += size
          if (/react|client\.[\w-]+\.js/.test(response.url()) && size > 20_000) react = true
        })
        .catch(() => undefined),
    )
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(300)
  await Promise.all(pending)
  const inline = await page.evaluate(() => ({
    js: [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module')
      .map((s) => s.textContent ?? '')
      .join('\n'),
    css: [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n'),
  }))
  return {
    js: js + (inline.js ? gzipSync(inline.js).length : 0),
    css: css + (inline.css ? gzipSync(inline.css).length : 0),
    texts,
    react,
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

async function main() {
  const built = distArg
    ? { dir: distArg, cleanup: async () => undefined }
    : await buildDemoSites('weight')
  const root = built.dir
  await prepareDemoSites(root)
  // without the API a page never reaches "networkidle" (demo-sites.ts startBenchApi)
  const api = await startBenchApi('weight')
  // the real sites server (Host header to the tenant's folder), as production serves the pages
  const server = await startTestServe(root, { apiUrl: api.url })
  const browser = await launchBrowser()
  const rows: Measure[] = []
  const origin = (host: string) => `http://${host}:${server.port}`
  try {
    for (const host of HOSTS) {
      if (!existsSync(join(root, host))) continue
      const post = firstPage(root, host, 'magazine/', 1)
      const service = firstPage(root, host, 'services/', 2)
      const product = firstPage(root, host, 'boutique/article/', 1)
      const pages: [string, string | undefined, boolean][] = [
        ['home, first visit', '/', false],
        ['home, returning', '/', true],
        ['magazine post, returning', post && `/${post}`, true],
        ['service booking page, returning', service && `/${service}?page=reserved`, true],
        [
          'boutique, returning',
          existsSync(join(root, host, 'boutique')) ? '/boutique/' : undefined,
          true,
        ],
        ['product, returning', product && `/${product}`, true],
        ['gift, returning', existsSync(join(root, host, 'gift')) ? '/gift/' : undefined, true],
        ['panier, returning', '/panier/', true],
        ['profile, returning', '/profile/', true],
      ]
      for (const [name, path, returning] of pages) {
        if (!path) continue
        const context: BrowserContext = await browser.newContext({
          viewport: { width: 1280, height: 800 },
        })
        if (returning) {
          await context.addCookies(
            ['preference-set=connection', 'coupon-dismissed=1'].map((pair) => {
              const [cookie, value] = pair.split('=') as [string, string]
              return { name: cookie, value, url: origin(host) }
            }),
          )
          // the events dialog opens on the first home page of a visit only
          await context.addInitScript(() => sessionStorage.setItem('events-shown', '1'))
        }
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await blockThirdParties(cdp)
        const url = `${origin(host)}${path}`
        let result: Awaited<ReturnType<typeof measure>> | undefined
        const firstWire = await onTheWire(cdp, async () => {
          result = await measure(page, url)
        })
        // the same reader comes back: the HTTP cache answers, the HTML is revalidated (304)
        const againWire = await onTheWire(cdp, async () => {
          await page.goto('about:blank')
          await page.goto(url, { waitUntil: 'networkidle' })
          await page.waitForTimeout(300)
        })
        if (result) rows.push({ host, page: name, ...result, firstWire, againWire })
        await context.close()
      }
    }
  } finally {
    await browser.close()
    await server.close()
    await api.close()
  }

  const chunks = readdirSync(join(root, '_astro'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipSync(readFileSync(join(root, '_astro', file))).length }))
    .sort((a, b) => b.gzip - a.gzip)
  await built.cleanup()

  const machine = describeMachine()
  const lines = [
    '',
    `## Page weight (\`npm run bench:weight\`), ${machine.date}`,
    '',
    `${machine.nproc} CPU ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}, load ${machine.load}. Chromium, production build of the demo tenants at ${DEMO_NOW}, compressed and served as build:sites and serve do (decision 026); gzipped bytes the browser downloaded (script and stylesheet responses plus inline scripts and styles; texts: the locale's message catalog the islands fetch once, cached across pages, decision 010). Returning: the cookie dialog answered, the coupon dismissed, the events already shown this visit. On the wire: what Chromium received (Network events; Chromium asks for brotli), first with an empty HTTP cache (all responses with their headers, then the compressed bodies of the page, its scripts and its stylesheets, without inline code), then the same page loaded again with the cache on (nothing intercepted).`,
    '',
    '| tenant | page | JS KB | CSS KB | texts KB | React | target | wire, empty cache KB: all (HTML / JS / CSS bodies) | wire, cache on KB |',
    '|---|---|---:|---:|---:|---|---|---:|---:|',
    ...rows.map((row) => {
      const target = TARGETS[row.page]
      const verdict =
        target === undefined
          ? ''
          : `${row.js <= target ? 'met' : '**not met**'} (≤ ${kb(target)} KB JS)`
      const first = row.firstWire
      const wire = `${kb(first.total)} (${kb(first.html)} / ${kb(first.js)} / ${kb(first.css)})`
      return `| ${row.host} | ${row.page} | ${kb(row.js)} | ${kb(row.css)} | ${kb(row.texts)} | ${row.react ? 'yes' : 'no'} | ${verdict} | ${wire} | ${kb(row.againWire.total)} |`
    }),
    '',
    'JS chunks of the build (gzipped), largest first; an island downloads its own chunk plus the shared ones it imports:',
    '',
    '| chunk | KB |',
    '|---|---:|',
    ...chunks.map((chunk) => `| ${chunk.file} | ${kb(chunk.gzip)} |`),
    '',
  ]
  const section = lines.join('\n')
  console.log(section)
  if (write) appendSection(BENCH_FILE, section)
}

await main()
