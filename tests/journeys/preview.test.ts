import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Frame, Page, Request } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BAINS, SCREENS, seriousAxe, siteBrowser } from './support/site'

// Decision 008: the back office frames the site and posts theme messages. Only an
// allowed origin is listened to: the site's own origin (here a parent page served on it) and the
// back office's from PUBLIC_BACKOFFICE_ORIGINS (unset in the journeys' product). A parent page on
// another loopback origin (a small server of this test) is foreign. Chromium's local-network
// checks want the foreign parent served from a real loopback address, not fulfilled by a route.
// Decision 019: frame-ancestors refuses the foreign parent's frame outright; its messages are
// then posted to a window it opens in preview mode.
const site = siteBrowser()
const OWN_PARENT = site.url(BAINS, '/__preview-parent')
let foreign: Server
let FOREIGN_PARENT = ''
const FRAMED = site.url(BAINS, '/?previewtheme=1')

beforeAll(async () => {
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(parentHtml)
  })
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve))
  FOREIGN_PARENT = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/__preview-parent`
})
afterEach(() => site.closeContexts())
afterAll(async () => {
  await site.close()
  await new Promise((resolve) => foreign.close(resolve))
})

const parentHtml = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Back office</title></head>
<body><main><h1>Aperçu du thème</h1><iframe title="Aperçu" src="${FRAMED}" width="1200" height="700"></iframe></main>
<script>window.send = (message) => document.querySelector('iframe').contentWindow.postMessage(message, '*')
window.openSite = () => { window.site = window.open(${JSON.stringify(FRAMED)}) }
window.sendOpened = (message) => window.site.postMessage(message, '*')</script></body></html>`

async function openParent(url: string, viewport: { width: number; height: number }) {
  const opened = await site.open(BAINS, { viewport })
  await opened.context.route(OWN_PARENT, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: parentHtml }),
  )
  const writes: string[] = []
  opened.context.on('request', (request: Request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') {
      writes.push(`${request.method()} ${request.url()}`)
    }
  })
  await opened.page.goto(url)
  const frame = await frameOf(opened.page)
  await frame.waitForFunction(() => document.documentElement.dataset.preview === 'ready')
  return { ...opened, frame, writes }
}

async function frameOf(page: Page): Promise<Frame> {
  for (let tries = 0; tries < 200; tries++) {
    const frame = page.frames().find((f) => f.url().includes('previewtheme'))
    if (frame) return frame
    await page.waitForTimeout(50)
  }
  throw new Error('the framed site did not load')
}

const send = (page: Page, message: unknown) =>
  page.evaluate((m) => (window as unknown as { send(m: unknown): void }).send(m), message)

const buttonColour = (frame: Frame) =>
  frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--c-button'))

describe.each(SCREENS)('theme preview on %s', (_name, viewport) => {
  it('a foreign origin cannot frame the site, and its messages are ignored', async () => {
    // decision 019: frame-ancestors lets only the site and the back office frame it
    const opened = await site.open(BAINS, { viewport })
    const { page, context } = opened
    const writes: string[] = []
    context.on('request', (request: Request) => {
      if (request.url().includes('/api/') && request.method() !== 'GET') {
        writes.push(`${request.method()} ${request.url()}`)
      }
    })
    await page.goto(FOREIGN_PARENT)
    await page.waitForTimeout(500)
    const children = page.frames().filter((f) => f !== page.mainFrame())
    expect(children).toHaveLength(1)
    // the refused frame holds Chromium's error page, not the site
    const framedSites = await Promise.all(
      children.map((f) =>
        f.evaluate(() => document.documentElement.dataset.companyToken ?? null).catch(() => null),
      ),
    )
    expect(framedSites.filter(Boolean)).toEqual([])
    // a window it opens in preview mode listens to the site and the back office only
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate(() => (window as unknown as { openSite(): void }).openSite()),
    ])
    await popup.waitForFunction(() => document.documentElement.dataset.preview === 'ready')
    const colour = () =>
      popup.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--c-button'),
      )
    const before = await colour()
    const sendOpened = (message: unknown) =>
      page.evaluate(
        (m) => (window as unknown as { sendOpened(m: unknown): void }).sendOpened(m),
        message,
      )
    await sendOpened({ kind: 'colour', name: 'button', value: '#000000' })
    await sendOpened({ kind: 'css', css: 'body{outline:9px solid red}' })
    await sendOpened({ kind: 'url', path: '/contact/' })
    await popup.waitForTimeout(500)
    expect(await colour()).toBe(before)
    expect(await popup.evaluate(() => document.documentElement.dataset.previewApplied)).toBe(
      undefined,
    )
    expect(new URL(popup.url()).pathname).toBe('/')
    expect(writes).toEqual([])
  })

  it('messages from an allowed origin apply live, and nothing is written anywhere', async () => {
    const { page, frame, writes } = await openParent(OWN_PARENT, viewport)
    // in preview the cookie dialog stays hidden
    await expect(frame.locator('.consent').count()).resolves.toBe(0)

    await send(page, { kind: 'colour', name: 'button', value: '#000000' })
    await expect.poll(() => buttonColour(frame)).toBe('#000000')
    const background = await frame
      .locator('.button')
      .first()
      .evaluate((b) => getComputedStyle(b).backgroundColor)
    expect(background).toBe('rgb(0, 0, 0)')
    expect(
      await frame.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--c-on-button'),
      ),
    ).toBe('#ffffff')

    await send(page, { kind: 'theme', colours: { header: '#123456' } })
    await expect
      .poll(() =>
        frame.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--c-header'),
        ),
      )
      .toBe('#123456')

    await send(page, { kind: 'font', target: 'body', name: 'Georgia' })
    await expect
      .poll(() => frame.evaluate(() => getComputedStyle(document.body).fontFamily))
      .toMatch(/^Georgia/)

    await send(page, { kind: 'value', name: 'buttonRadius', value: '0' })
    await expect
      .poll(() =>
        frame
          .locator('.button')
          .first()
          .evaluate((b) => getComputedStyle(b).borderRadius),
      )
      .toBe('0px')

    // custom CSS lives in its own style element and cannot close it
    await send(page, {
      kind: 'css',
      css: 'h2{letter-spacing:3px}</style><img src=x onerror="document.title=1">',
    })
    await expect
      .poll(() =>
        frame
          .locator('h2')
          .first()
          .evaluate((h) => getComputedStyle(h).letterSpacing),
      )
      .toBe('3px')
    await expect(frame.locator('img[src="x"]').count()).resolves.toBe(0)
    await expect(frame.locator('style[data-preview="css"]').count()).resolves.toBe(1)

    // a message the preview does not know is ignored
    await send(page, { kind: 'save', settings: { buttonsColor: '#ff0000' } })
    expect(await seriousAxe(page)).toEqual([])

    // url: navigation within the site, still in preview
    await send(page, { kind: 'url', path: '/contact/' })
    await expect.poll(() => new URL(frame.url()).pathname).toBe('/contact/')
    expect(new URL(frame.url()).searchParams.has('previewtheme')).toBe(true)
    await send(page, { kind: 'url', path: 'https://example.com/' })
    await page.waitForTimeout(300)
    expect(new URL(frame.url()).origin).toBe(new URL(FRAMED).origin)

    expect(writes).toEqual([])
  })
})
