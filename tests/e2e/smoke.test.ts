import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'astro'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser'
import { type RunningServer, serveStatic } from '../support/static-server'

// Proves the browser path from day one: build the Astro site, serve it, open it in Debian's Chromium.
describe('smoke: the built site opens in Chromium', () => {
  let outDir: string
  let server: RunningServer
  let browser: Browser

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'storefront-smoke-'))
    await build({ root: process.cwd(), outDir, logLevel: 'error' })
    server = await serveStatic(outDir)
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (outDir) await rm(outDir, { recursive: true, force: true })
  })

  it('renders the home heading', async () => {
    const page = await browser.newPage()
    await page.goto(server.url)
    await expect(page.locator('h1').textContent()).resolves.toContain('Réservation en ligne')
    await expect(page.title()).resolves.toBe('Réservation en ligne')
  })
})
