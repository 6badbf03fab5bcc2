import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstVisitState, watchFirstVisit } from './support/first-visit'
import { BAINS, DESKTOP, MAISON, PHONE, siteBrowser } from './support/site'

// A parser may paint a page before it has read all of it (a slow network, a slow CPU, a busy
// machine). A cut inside the cookie banner made the bottom-fixed banner grow upwards (0.075-0.10
// in one Lighthouse run in four to six, docs/benchmarks.md 2026-11-29); a cut inside the header
// showed the navigation at the far end, then moved it when the tools came (0.0106 in a whole
// test run under load); a cut inside the marketplace hero lifted its slides, which stand on the
// bottom edge (0.0204 in a whole run, 0.09 on a phone at 4x CPU). Here a proxy sends a first
// visit's HTML in parts, cut right before the banner's buttons, the header's tools and the hero's
// first button, with a pause at each cut: the pauses are painted, each half stays hidden until
// its element is read to its end (decision 100), and nothing moves.
const site = siteBrowser({ eventsOnLoad: true })
/** Where to cut: before `at`, the first one after `after`; `half` is what the cut leaves open. */
const CUTS = [
  { at: '<div class="consent__actions"', after: '', half: 'banner' },
  { at: '<div class="header__tools"', after: '', half: 'header' },
  { at: '<a class="button"', after: '<section class="hero"', half: 'hero' },
] as const
type Half = (typeof CUTS)[number]['half']
/**
 * Each cut is held at least PAUSE_MS, and until the page has drawn frames with that half (at
 * most DRAWN_WAIT_MS): in a whole run under load a fixed pause once passed with no frame drawn
 * inside the banner (the first frame likely waiting for the stylesheets).
 */
const PAUSE_MS = 700
const DRAWN_WAIT_MS = 10_000
/** The halves the page under test reported drawn (countHalves, through halfDrawn). */
const drawnHalves = new Set<Half>()
let proxy: Server
let proxyPort = 0

/** The product's answer to `path` on `host` (Node does not resolve *.localhost: by address). */
function fromProduct(host: string, path: string, accept: string): Promise<IncomingMessage> {
  const product = new URL(site.url(host, '/'))
  return new Promise((resolve, reject) => {
    httpRequest(
      {
        host: '127.0.0.1',
        port: product.port,
        path,
        headers: { host: product.host, accept, 'accept-encoding': 'identity' },
      },
      resolve,
    )
      .on('error', reject)
      .end()
  })
}

/**
 * The HTML in parts, cut before each of CUTS the page has (in the page's order): the first part,
 * then each later part with the half its cut left open.
 */
function parts(html: string): { first: string; rest: { open: Half; text: string }[] } {
  const cuts = CUTS.map(({ at, after, half }) => {
    const from = html.indexOf(after)
    return { index: from < 0 ? -1 : html.indexOf(at, from), half }
  })
    .filter(({ index }) => index >= 0)
    .sort((a, b) => a.index - b.index)
  const rest = cuts.map(({ index, half }, n) => ({
    open: half,
    text: html.slice(index, cuts[n + 1]?.index),
  }))
  return { first: html.slice(0, cuts[0]?.index), rest }
}

/** Held at least PAUSE_MS, then until the page drew `half` (or DRAWN_WAIT_MS passed). */
async function holdCut(half: Half): Promise<void> {
  const started = Date.now()
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
  while (!drawnHalves.has(half) && Date.now() - started < DRAWN_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Answers every request from the product; the home's HTML in parts with a pause between them. */
function startProxy(): Promise<void> {
  proxy = createServer((request, response) => {
    void (async () => {
      const host = (request.headers.host ?? '').split(':')[0] ?? ''
      const upstream = await fromProduct(host, request.url ?? '/', request.headers.accept ?? '*/*')
      const chunks: Buffer[] = []
      for await (const chunk of upstream) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks)
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(upstream.headers)) {
        if (typeof value !== 'string') continue
        if (!['content-encoding', 'content-length', 'transfer-encoding'].includes(name)) {
          headers[name] = value
        }
      }
      response.writeHead(upstream.statusCode ?? 502, headers)
      if (!headers['content-type']?.includes('text/html')) {
        response.end(body)
        return
      }
      const { first, rest } = parts(body.toString('utf8'))
      response.write(first)
      for (const { open, text } of rest) {
        await holdCut(open)
        response.write(text)
      }
      response.end()
    })().catch(() => response.destroy())
  })
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      proxyPort = (proxy.address() as AddressInfo).port
      resolve()
    }),
  )
}

beforeAll(startProxy)
afterAll(async () => {
  await site.close()
  await new Promise((resolve) => proxy.close(resolve))
})

/** Frames drawn while a part was half read: in all, and with that half visible. */
interface Halves {
  banner: { drawn: number; shown: number }
  header: { drawn: number; shown: number }
  hero: { drawn: number; shown: number }
}

/** Counts, at every frame until the load, the halves it had and which of them it showed. */
function countHalves(): void {
  const halves: Halves = {
    banner: { drawn: 0, shown: 0 },
    header: { drawn: 0, shown: 0 },
    hero: { drawn: 0, shown: 0 },
  }
  ;(window as unknown as { halves: Halves }).halves = halves
  const visible = (selector: string) => {
    const element = document.querySelector(selector)
    return element !== null && getComputedStyle(element).visibility === 'visible'
  }
  const count = (half: keyof Halves, there: string, missing: string, drawn: string) => {
    if (!document.querySelector(there) || document.querySelector(missing)) return
    halves[half].drawn += 1
    // the proxy holds the cut until a few frames were drawn with it
    if (halves[half].drawn === 3) {
      ;(window as unknown as { halfDrawn?: (h: string) => void }).halfDrawn?.(half)
    }
    if (visible(drawn)) halves[half].shown += 1
  }
  const frame = () => {
    count('banner', '.consent', '.consent__actions', '.consent')
    count('header', '.header__inner', '.header__end', '.header__nav')
    count('hero', '.hero__title', '.hero__end', '.hero__title')
    if (document.readyState !== 'complete') requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

describe('a first visit whose page arrives in parts, cut inside the banner, the header and the hero', () => {
  it.each([
    ['marketplace', 'phone', BAINS, PHONE],
    ['mono', 'phone', MAISON, PHONE],
    ['marketplace', 'desktop', BAINS, DESKTOP],
    ['mono', 'desktop', MAISON, DESKTOP],
  ])(
    '%s home on a %s: each half stays hidden, nothing moves',
    async (_kind, _screen, host, viewport) => {
      const { page, context } = await site.open(host, { viewport, isMobile: viewport === PHONE })
      await watchFirstVisit(page)
      drawnHalves.clear()
      await page.exposeFunction('halfDrawn', (half: Half) => drawnHalves.add(half))
      await page.addInitScript(countHalves)
      await page.goto(`http://${host}:${proxyPort}/`, { waitUntil: 'load' })
      const halves = await page.evaluate(() => (window as unknown as { halves: Halves }).halves)
      // the pauses were painted, with the halves in the document: the cuts were where meant
      expect(halves.banner.drawn).toBeGreaterThan(0)
      expect(halves.header.drawn).toBeGreaterThan(0)
      expect(halves.hero.drawn > 0, 'a frame inside the hero').toBe(host === BAINS)
      // and none of them was shown
      expect([halves.banner.shown, halves.header.shown, halves.hero.shown]).toEqual([0, 0, 0])
      await expect(
        page.locator('[data-consent-banner] [data-consent="accept"]').isVisible(),
      ).resolves.toBe(true)
      // not a budget: no input came, and whatever a cut moves is a shift too many
      const { shifted } = await firstVisitState(page)
      expect(shifted).toEqual([])
      await context.close()
    },
  )
})
