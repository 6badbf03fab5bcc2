import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { AxeResults, ImpactValue } from 'axe-core'
import type { BrowserContext, Page, Request, Response } from 'playwright-core'

/**
 * Checks the browser tests run on a page: loopback-only networking, page health, axe-core,
 * the Nu HTML checker, and the JavaScript a page ships.
 */

/** localhost, *.localhost, 127.0.0.0/8 and ::1: where the product runs; nothing else is. */
export function isLoopback(url: string): boolean {
  let hostname: string
  try {
    hostname = new URL(url).hostname
  } catch {
    return false
  }
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === '[::1]'
  )
}

/**
 * Records every request that leaves loopback (web fonts, analytics, maps...) in `blocked`. The
 * browser itself refuses them (launchBrowser's dead proxy, tests/support/browser.ts): tests
 * never wait on the network, and whatever renders did so without it. Watching rather than
 * routing keeps Playwright's interception off, which would pause every request of the context
 * in the browser and turn its HTTP cache off (decision 096).
 */
export async function loopbackOnly(context: BrowserContext, blocked: Set<string>): Promise<void> {
  onOffLoopback(context, (url) => blocked.add(url))
}

/** Calls `seen` with the address of every request of the context that leaves loopback. */
export function onOffLoopback(context: BrowserContext, seen: (url: string) => void): void {
  context.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith('data:') && !isLoopback(url)) seen(url)
  })
}

/** What went wrong on a page besides its main document: script errors, failed loopback loads. */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = []
  const isDocument = (request: Request) =>
    request.resourceType() === 'document' && request.frame() === page.mainFrame()
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`))
  page.on('response', (response) => {
    const request = response.request()
    if (response.status() >= 400 && !isDocument(request) && isLoopback(response.url())) {
      problems.push(`${response.status()} ${request.resourceType()} ${response.url()}`)
    }
  })
  page.on('requestfailed', (request) => {
    if (!isLoopback(request.url())) return // blocked on purpose
    // a navigation that replaces the page (the disabled redirect) cancels the old page's loads
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return
    problems.push(
      `failed ${request.resourceType()} ${request.url()}: ${request.failure()?.errorText}`,
    )
  })
  return { problems }
}

// ---- axe-core ------------------------------------------------------------------------------

const AXE_PATH = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url))
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const

export interface AxeFinding {
  readonly id: string
  readonly impact: ImpactValue | undefined
  readonly help: string
  readonly nodes: readonly string[]
}

/** axe-core's WCAG 2.1 A/AA rules on the page as it is now (after any interaction). */
export async function runAxe(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  // evaluated, not added as a <script>: the sites' Content-Security-Policy refuses an inline
  // script tag (decision 019), and the test's own code is not the page's
  if (!loaded) await page.evaluate(readFileSync(AXE_PATH, 'utf8'))
  return page.evaluate(
    async (tags) => {
      const { axe } = window as unknown as {
        axe: { run(context: Document, options: object): Promise<AxeResults> }
      }
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}`),
      }))
    },
    [...AXE_TAGS],
  )
}

export const isSerious = (finding: AxeFinding) =>
  finding.impact === 'serious' || finding.impact === 'critical'

// ---- Nu HTML checker -----------------------------------------------------------------------

const VNU_JAR = fileURLToPath(
  new URL('../../node_modules/vnu-jar/build/dist/vnu.jar', import.meta.url),
)

export interface VnuMessage {
  readonly type: string
  readonly subType?: string
  readonly url?: string
  readonly message: string
  readonly extract?: string
  readonly lastLine?: number
}

/**
 * Rules of the checker that do not apply to these pages, each with its reason. Empty: every
 * error it reports on the built pages is a real one.
 */
export const VNU_IGNORED: ReadonlyArray<{ readonly pattern: RegExp; readonly why: string }> = []

/**
 * Errors of the Nu HTML checker (vnu.jar, Java 17+) on `files`, in one JVM run. Asynchronous,
 * so the JVM can work while the browser does.
 */
export function validateHtml(files: readonly string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    const java = spawn('java', ['-jar', VNU_JAR, '--format', 'json', '--errors-only', ...files], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let report = ''
    java.stderr.setEncoding('utf8')
    java.stderr.on('data', (chunk: string) => {
      report += chunk
    })
    java.once('error', (error) => reject(new Error(`java -jar vnu.jar: ${error.message}`)))
    // the JSON report goes to stderr; exit status 1 only says that errors were found
    java.once('close', (code) => {
      try {
        const parsed: unknown = JSON.parse(report || '{"messages":[]}')
        const messages = (parsed as { messages?: VnuMessage[] }).messages ?? []
        resolve(
          messages.filter(
            (m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error',
          ),
        )
      } catch {
        reject(new Error(`vnu.jar exited ${code} without a JSON report: ${report.slice(0, 500)}`))
      }
    })
  })
}

export function notIgnored(message: VnuMessage): boolean {
  return !VNU_IGNORED.some((rule) => rule.pattern.test(message.message))
}

// ---- JavaScript shipped --------------------------------------------------------------------

export interface ShippedScript {
  /** the script's URL, or `inline:<gzip bytes>:<first characters>` */
  readonly key: string
  readonly bytes: number
  readonly gzipBytes: number
}

const gzipSize = (source: string | Buffer) => gzipSync(source).length

/** Inline scripts an engine runs (JSON-LD, JSON data and import maps are not code). */
export function inlineScripts(html: string): ShippedScript[] {
  const scripts: ShippedScript[] = []
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? ''
    const code = match[2] ?? ''
    if (/\ssrc=/i.test(attributes) || code.trim() === '') continue
    const type = /\stype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase()
    if (type && type !== 'module' && type !== 'text/javascript') continue
    const gzipBytes = gzipSize(code)
    const start = code.trim().slice(0, 40).replace(/\s+/g, ' ')
    scripts.push({ key: `inline:${gzipBytes}:${start}`, bytes: Buffer.byteLength(code), gzipBytes })
  }
  return scripts
}

/**
 * Collects the script responses of a page (call before navigating): `settle` awaits their
 * bodies and stops collecting.
 */
export function scriptResponses(page: Page): { settle(): Promise<ShippedScript[]> } {
  const pending: Array<Promise<ShippedScript | undefined>> = []
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return
    pending.push(
      response.body().then(
        // keyed by path: /_astro names are content-hashed and shared by every tenant's host
        (body) => ({
          key: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSize(body),
        }),
        // a script the page dropped before it loaded (navigation away) was not shipped
        () => undefined,
      ),
    )
  }
  page.on('response', onResponse)
  return {
    settle: async () => {
      page.off('response', onResponse)
      return (await Promise.all(pending)).filter((s): s is ShippedScript => s !== undefined)
    },
  }
}
