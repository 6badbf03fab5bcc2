import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, shareBrowsers } from '#support/browser'

/**
 * docs/decisions/110-one-browser-per-journeys-worker.md: where browsers are shared, two files'
 * launches borrow one Chromium; each sees and closes only its own contexts, and a browser that
 * went away is launched again for the next borrower. This file is isolated (the e2e project), so
 * the sharing it turns on ends with it; Playwright ends the browser with the worker's process.
 */
shareBrowsers()
const borrowed: Browser[] = []
let server: Server
let origin = ''
beforeAll(async () => {
  server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><html lang="en"><title>t</title>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(async () => {
  await Promise.allSettled(borrowed.map((browser) => browser.close()))
  await new Promise((resolve) => server?.close(resolve))
})

async function borrow(options: { eventsOnLoad?: boolean } = {}): Promise<Browser> {
  const browser = await launchBrowser(options)
  borrowed.push(browser)
  return browser
}

/** The browser process's id, as Chromium reports it. */
async function processOf(browser: Browser): Promise<number | undefined> {
  const session = await browser.newBrowserCDPSession()
  const { processInfo } = await session.send('SystemInfo.getProcessInfo')
  await session.detach()
  return processInfo.find((process) => process.type === 'browser')?.id
}

describe('one browser lent to the files of a worker', () => {
  it('two borrowers share the process, each with its own contexts, and closing one leaves the other', async () => {
    // asked at once, before anything was launched: one launch for both
    const [first, second] = await Promise.all([borrow(), borrow()])
    expect(await processOf(first)).toBe(await processOf(second))

    const mine = await first.newContext()
    const page = await second.newPage()
    expect(first.contexts()).toEqual([mine])
    expect(second.contexts()).toEqual([page.context()])

    await first.close()
    expect(first.contexts()).toEqual([])
    expect(second.isConnected()).toBe(true)
    await page.goto('data:text/html,<title>still here</title>')
    expect(await page.title()).toBe('still here')
    // the closed borrower's context is closed, the other's page is not
    await expect(mine.newPage()).rejects.toThrow()
    await second.close()
    expect(page.isClosed()).toBe(true)
  })

  it('launch options keep their own browser: the events carousel opens on load in one only', async () => {
    const shown = await borrow()
    const onLoad = await borrow({ eventsOnLoad: true })
    expect(await processOf(onLoad)).not.toBe(await processOf(shown))
    const mark = async (browser: Browser) => {
      const page = await browser.newPage()
      await page.goto(origin)
      return page.evaluate(() => sessionStorage.getItem('events-shown'))
    }
    expect(await mark(shown)).toBe('1')
    expect(await mark(onLoad)).toBeNull()
  })

  it('a browser that went away is launched again for the next borrower', async () => {
    const before = await borrow()
    const session = await before.newBrowserCDPSession()
    const gone = new Promise<void>((resolve) => before.once('disconnected', () => resolve()))
    await session.send('Browser.close').catch(() => undefined)
    await gone
    const after = await borrow()
    expect(after.isConnected()).toBe(true)
    const page = await after.newPage()
    await page.goto('data:text/html,<title>relaunched</title>')
    expect(await page.title()).toBe('relaunched')
  })
})
