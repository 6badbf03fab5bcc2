import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { failOnViolations, takeViolations } from '#support/csp-violations'

// Decision 019: the violation listener every browser test gets from launchBrowser works. A page
// under `script-src 'self'` with an inline script and a foreign image reports both, and the check
// the setup file runs after each test (failOnViolations) throws with them. The test takes the
// violations itself so that its own afterEach passes.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head>
<body><p>x</p><script>document.body.dataset.ran = '1'</script>
<img alt="" src="https://foreign.example/pixel.png"></body></html>`
const POLICY = "default-src 'self'; script-src 'self'; img-src 'self'"

let server: Server
let browser: Browser
let url = ''

beforeAll(async () => {
  server = createServer((_req, res) => {
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': POLICY,
      })
      .end(PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server.close(resolve))
})

describe('the CSP violation listener of the browser tests', () => {
  it('records a forbidden inline script and image, and fails the test that saw them', async () => {
    const page = await browser.newPage()
    await page.route('https://foreign.example/**', (route) => route.abort())
    await page.goto(url)
    await page.waitForTimeout(500)
    const seen = takeViolations()
    expect(await page.evaluate(() => document.body.dataset.ran)).toBe(undefined)
    expect(seen.map((v) => v.directive).sort()).toEqual(['img-src', 'script-src-elem'])
    expect(seen.every((v) => v.page === url)).toBe(true)
    await page.close()
  })

  it('failOnViolations throws with a readable report', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(url)
    await page.waitForTimeout(500)
    expect(() => failOnViolations()).toThrow(/script-src-elem blocked inline on http:\/\/127/)
    expect(takeViolations()).toEqual([])
    await context.close()
  })
})
