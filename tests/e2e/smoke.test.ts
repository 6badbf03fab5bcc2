import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'astro'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { type RunningServer, serveStatic } from '#support/static-server'
import { DEMO_NOW, tenantSnapshot } from '#support/tenant-snapshot'

// Proves the browser path: build one tenant's site from a snapshot, serve it, open it in Debian's
// Chromium. Kept small (one tenant, French only) so it stays fast; tests/site covers the rest.
const HOST = 'maison-lumiere.localhost'

describe('smoke: a tenant site opens in Chromium', () => {
  let dir: string
  let server: RunningServer
  let browser: Browser

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storefront-smoke-'))
    const snapshot = tenantSnapshot(HOST)
    const langs = { fr: true }
    const company = { ...snapshot.company, booker: { ...snapshot.company.booker, langs } }
    await writeFile(join(dir, `${HOST}.json`), JSON.stringify({ ...snapshot, company }))
    process.env.SITES_SNAPSHOT_DIR = dir
    process.env.SITES_NOW = DEMO_NOW
    delete process.env.SITES_TENANTS
    await build({ root: process.cwd(), outDir: join(dir, 'out'), logLevel: 'error' })
    // the build output holds <host>/ and the shared /_astro assets side by side
    server = await serveStatic(join(dir, 'out'))
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('renders the tenant home', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/${HOST}/`)
    await expect(page.locator('h1').textContent()).resolves.toBe('Maison Lumière')
    await expect(page.title()).resolves.toBe('Accueil | Maison Lumière, institut de beauté à Lyon')
    // the shared stylesheet loaded: the theme's contained site is centred
    const maxWidth = await page.locator('.site').evaluate((el) => getComputedStyle(el).maxWidth)
    expect(maxWidth).toBe('1200px')
  })

  it("renders the tenant's 404", async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/${HOST}/404.html`)
    await expect(page.locator('h1').textContent()).resolves.toBe('Page introuvable')
    await expect(page.locator('main').textContent()).resolves.toContain(
      "Il semblerait que cette page n'existe pas.",
    )
  })
})
