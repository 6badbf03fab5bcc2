/**
 * `npm run bench:lighthouse` (decision 027): Lighthouse's mobile preset (its default
 * config: emulated phone, simulated slow 4G and 4× CPU slowdown) on the home, service, magazine
 * post, cart, gift and shop pages of both demo tenants, as a first visitor with nothing pre-set
 * (docs/decisions/058-consent-first-visit.md): every page in a fresh browser context (no cookie,
 * no storage, no `events-shown`, an empty HTTP cache), against the real API (PGlite in memory,
 * seeded from tenants/), so each page asks for its events and alerts as in production and the
 * cookie banner shows. Builds the demo tenants with NODE_ENV=production and writes each site's
 * `_headers` as the sites build does (or measures `--dist DIR`, a build with <host>/ folders and
 * _astro/; `--keep DIR` builds there and keeps it for later `--dist` runs), serves them with the
 * real sites server, then appends a table to docs/benchmarks.md (`--no-write` prints only).
 * Chromium runs at a higher priority than the servers and Lighthouse beside it when the bench
 * runs as root (`--no-nice` to compare); `--only gift,cart` audits some pages and `--lhr DIR`
 * keeps their reports (docs/decisions/065-first-visit-blocking-time.md). `LH_BLOCK='*.svg,*.webp'`
 * blocks the requests matching those patterns: an experiment (what a page costs without them),
 * never a figure for docs/benchmarks.md.
 * Not part of `npm test`: a run takes minutes.
 * Budget: performance >= 95 on every page.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import { CHROMIUM_PATH } from '#support/browser'
import { startTestServe } from '#support/serve'
import { DEMO_NOW } from '#support/tenant-snapshot'
import { buildDemoSites, DEMO_HOSTS, prepareDemoSites, startBenchApi } from './demo-sites'
import { firstPage } from './first-page'
import { describeMachine } from './machine'
import { appendSection } from './report-md'

const HOSTS = DEMO_HOSTS
const BENCH_FILE = new URL('../../docs/benchmarks.md', import.meta.url)
const BUDGET = 95
const BROWSER_NICE = -10
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
]

const args = process.argv.slice(2)
const distArg = args.includes('--dist') ? args[args.indexOf('--dist') + 1] : undefined
const keepArg = args.includes('--keep') ? args[args.indexOf('--keep') + 1] : undefined
const write = !args.includes('--no-write')
// `--only gift,cart` audits those pages only; `--lhr DIR` keeps each page's Lighthouse report
// there (its bootup-time and long-tasks audits say which script blocks)
const onlyArg = args.includes('--only') ? args[args.indexOf('--only') + 1]?.split(',') : undefined
const lhrArg = args.includes('--lhr') ? args[args.indexOf('--lhr') + 1] : undefined

/** Chromium with a DevTools port for Lighthouse, the port read from its first log line. */
async function launchChromium(): Promise<{ port: number; process: ChildProcess }> {
  const profile = await mkdtemp(join(tmpdir(), 'lighthouse-profile-'))
  const flags = [
    ...CHROMIUM_FLAGS,
    '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    'about:blank',
  ]
  // A visitor's phone runs the browser alone; here the sites server, the API and Lighthouse
  // share two cores with it, and a page's tasks grew with whatever they were doing. Where it may
  // (as root), the browser runs at a higher priority than they do (`--no-nice`: as they are).
  const nice = process.getuid?.() === 0 && !args.includes('--no-nice')
  const child = nice
    ? spawn('nice', ['-n', String(BROWSER_NICE), CHROMIUM_PATH, ...flags], {
        stdio: ['ignore', 'ignore', 'pipe'],
      })
    : spawn(CHROMIUM_PATH, flags, { stdio: ['ignore', 'ignore', 'pipe'] })
  const port = await new Promise<number>((resolve, reject) => {
    let log = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${log}`)))
  })
  return { port, process: child }
}

interface Row {
  host: string
  page: string
  score: number
  lcp: number
  tbt: number
  cls: number
  lcpElement: string
  longTasks: string
}

/** The first DOM node a Lighthouse audit's details name (the LCP element of the breakdown). */
function firstNode(details: unknown): string {
  if (!details || typeof details !== 'object') return ''
  const item = details as Record<string, unknown>
  if (item.type === 'node') {
    const label = String(item.nodeLabel ?? '').slice(0, 40)
    return `\`${String(item.selector ?? '')}\` “${label}”`
  }
  for (const value of Object.values(item)) {
    const found = Array.isArray(value)
      ? value.map(firstNode).find((text) => text !== '')
      : firstNode(value)
    if (found) return found
  }
  return ''
}

/** A long task's script as its file name, the page itself as its path. */
function taskSource(url: string): string {
  if (!URL.canParse(url)) return url
  const { pathname } = new URL(url)
  return pathname.startsWith('/_astro/') ? pathname.slice('/_astro/'.length) : `page ${pathname}`
}

async function audit(
  port: number,
  url: string,
  keepAs?: string,
): Promise<Omit<Row, 'host' | 'page'> & { version: string }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // a first visit: the origin's cookies, storage and cache are cleared before the load
    disableStorageReset: false,
    ...(process.env.LH_BLOCK ? { blockedUrlPatterns: process.env.LH_BLOCK.split(',') } : {}),
  })
  if (!result) throw new Error(`lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (keepAs) writeFileSync(keepAs, JSON.stringify(lhr))
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const tasks = lhr.audits['long-tasks']?.details
  const longTasks =
    tasks && 'items' in tasks && Array.isArray(tasks.items)
      ? tasks.items
          .slice(0, 3)
          .map((task) => {
            const { url: where = '', duration = 0 } = task as { url?: string; duration?: number }
            return `${taskSource(String(where))} ${Math.round(duration)} ms`
          })
          .join(', ')
      : ''
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lcpElement: firstNode(lhr.audits['lcp-breakdown-insight']?.details),
    longTasks,
    version: lhr.lighthouseVersion,
  }
}

async function main() {
  const built = distArg
    ? { dir: distArg, cleanup: async () => undefined }
    : await buildDemoSites('lighthouse', keepArg)
  const root = built.dir
  await prepareDemoSites(root)
  // the pages ask the API for their events and alerts once loaded (decision 034): a first visit
  // measured without it would never meet them
  const api = await startBenchApi('lighthouse')
  const server = await startTestServe(root, { apiUrl: api.url })
  const chromium = await launchChromium()
  const rows: Row[] = []
  let version = ''
  try {
    for (const host of HOSTS) {
      if (!existsSync(join(root, host))) continue
      const post = firstPage(root, host, 'magazine/', 1)
      const service = firstPage(root, host, 'services/', 2)
      const at = (path: string) => (existsSync(join(root, host, path)) ? `/${path}` : undefined)
      const pages: [string, string | undefined][] = [
        ['home', '/'],
        ['service', service && `/${service}`],
        ['magazine post', post && `/${post}`],
        ['cart', at('panier/')],
        ['gift', at('gift/')],
        ['shop', at('boutique/')],
      ]
      for (const [name, path] of pages) {
        if (!path || (onlyArg && !onlyArg.includes(name))) continue
        const { version: ran, ...result } = await audit(
          chromium.port,
          `http://${host}:${server.port}${path}`,
          lhrArg && join(lhrArg, `${host}-${name.replace(' ', '-')}.json`),
        )
        version = ran
        console.log(`${host} ${name}: ${result.score} (LCP ${Math.round(result.lcp)} ms)`)
        rows.push({ host, page: name, ...result })
      }
    }
  } finally {
    chromium.process.kill()
    await server.close()
    await api.close()
    await built.cleanup()
  }

  const machine = describeMachine()
  const below = rows.filter((row) => row.score < BUDGET)
  const lines = [
    '',
    `## Lighthouse, mobile (\`npm run bench:lighthouse\`), ${machine.date}`,
    '',
    `${machine.nproc} CPU ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}, load ${machine.load}. Lighthouse ${version} mobile preset (simulated slow 4G, 4× CPU slowdown), headless Chromium, production build of the demo tenants at ${DEMO_NOW} served by the sites server with the API behind /api, first visit with nothing pre-set (no cookie, no storage: the cookie banner shows, the events wait for its answer). Budget: performance ≥ ${BUDGET} (decision 027); ${below.length === 0 ? 'met on every page' : `**not met** on ${below.length} page(s)`}.`,
    '',
    '| tenant | page | performance | LCP ms | TBT ms | CLS | LCP element | long tasks |',
    '|---|---|---:|---:|---:|---:|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.host} | ${row.page} | ${row.score < BUDGET ? `**${row.score}**` : row.score} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${row.lcpElement.replaceAll('|', '\\|')} | ${row.longTasks || 'none'} |`,
    ),
    '',
  ]
  const section = lines.join('\n')
  console.log(section)
  if (write) appendSection(BENCH_FILE, section)
}

await main()
