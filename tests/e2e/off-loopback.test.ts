import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { loopbackOnly } from '#support/page-checks'

/**
 * docs/decisions/096-browser-tests-cpu.md: the test browser refuses every address off loopback
 * itself (a proxy that is not there), loads the product's hosts directly, and a test's own stub
 * of a third party is still served. Without the refusal a request to the outside would wait on
 * DNS and a connection instead of failing at once.
 */
let server: Server
let port: number
let browser: Browser
let context: BrowserContext

beforeAll(async () => {
  server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><title>t</title><p>${request.headers.host}</p>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  browser = await launchBrowser()
})
afterAll(async () => {
  await context?.close()
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
})

describe('the test browser stays on loopback', () => {
  it('loads loopback and *.localhost directly, refuses the outside at once, serves stubs', async () => {
    context = await browser.newContext()
    const blocked = new Set<string>()
    await loopbackOnly(context, blocked)
    const page = await context.newPage()
    for (const host of ['127.0.0.1', 'localhost', 'some-tenant.localhost']) {
      const answer = await page.goto(`http://${host}:${port}/`)
      expect(answer?.status(), host).toBe(200)
      expect(await page.locator('p').textContent()).toBe(`${host}:${port}`)
    }
    const failures: string[] = []
    page.on('requestfailed', (request) => failures.push(request.failure()?.errorText ?? ''))
    const started = Date.now()
    const outside = await page.evaluate(() =>
      fetch('https://fonts.example.com/a.woff2').then(
        () => 'answered',
        () => 'refused',
      ),
    )
    expect(outside).toBe('refused')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect([...blocked]).toEqual(['https://fonts.example.com/a.woff2'])
    // refused by the browser's dead proxy, not by a name that does not resolve
    expect(failures).toEqual(['net::ERR_PROXY_CONNECTION_FAILED'])

    await context.route('https://stub.example.com/**', (route) =>
      route.fulfill({
        contentType: 'text/plain',
        headers: { 'access-control-allow-origin': '*' },
        body: 'stubbed',
      }),
    )
    const stubbed = await page.evaluate(() =>
      fetch('https://stub.example.com/x').then((r) => r.text()),
    )
    expect(stubbed).toBe('stubbed')
  })
})
