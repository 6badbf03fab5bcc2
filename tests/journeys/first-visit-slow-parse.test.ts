import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstVisitState, watchFirstVisit } from './support/first-visit'
import { BAINS, MAISON, PHONE, siteBrowser } from './support/site'

// A phone's parser may paint a page before it has read all of it (a slow network, a slow CPU).
// When that cut fell inside the cookie banner, its buttons came after its first paint and the
// bottom-fixed banner grew upwards: a 0.075-0.10 layout shift in one Lighthouse run in four to
// six (docs/benchmarks.md, 2026-11-29). Here a proxy sends a first visit's HTML in two parts, cut
// right before the banner's buttons, with a pause between them: nothing may move.
const site = siteBrowser({ eventsOnLoad: true })
const CUT = '<div class="consent__actions"'
const PAUSE_MS = 700
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

/** Answers every request from the product; the home's HTML in two parts around CUT. */
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
      const text = body.toString('utf8')
      const at = headers['content-type']?.includes('text/html') ? text.indexOf(CUT) : -1
      if (at < 0) {
        response.end(body)
        return
      }
      response.write(text.slice(0, at))
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
      response.end(text.slice(at))
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

describe('a first visit whose page arrives in two parts, cut inside the cookie banner', () => {
  it.each([
    ['marketplace', BAINS],
    ['mono', MAISON],
  ])('%s home on a phone: the banner appears whole and nothing moves', async (_kind, host) => {
    const { page, context } = await site.open(host, { viewport: PHONE, isMobile: true })
    await watchFirstVisit(page)
    // a frame drawn while the banner was there without its buttons: the cut was where meant
    await page.addInitScript(() => {
      const mark = window as unknown as { halfBanner?: boolean }
      const frame = () => {
        if (document.querySelector('.consent') && !document.querySelector('.consent__actions'))
          mark.halfBanner = true
        if (document.readyState !== 'complete') requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
    await page.goto(`http://${host}:${proxyPort}/`, { waitUntil: 'load' })
    const half = await page.evaluate(() => (window as { halfBanner?: boolean }).halfBanner)
    expect(half, 'a frame was drawn in the pause, inside the banner').toBe(true)
    await expect(
      page.locator('[data-consent-banner] [data-consent="accept"]').isVisible(),
    ).resolves.toBe(true)
    const state = await firstVisitState(page)
    expect(state.allShifts, state.shifted.join(', ')).toBeLessThan(0.01)
    await context.close()
  })
})
