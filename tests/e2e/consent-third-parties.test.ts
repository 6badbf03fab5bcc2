import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'astro'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { type RunningServer, serveStatic } from '#support/static-server'
import { DEMO_NOW, tenantSnapshot } from '#support/tenant-snapshot'

// Decision 008: every third party of the company settings loads only after consent
// to its purpose. The demo tenants have no keys for them, so this builds one with test keys and
// records, at the network boundary, every host a page asks for (each answered by a stub).
const HOST = 'maison-lumiere.localhost'
const KEYS = {
  ganalytics: 'G-TEST123',
  gaConversionId: 'AW-555',
  gaConversionLabel: 'purchase',
  klaviyoPublicKey: 'AbC123',
  optinMonsterEnabled: true,
  optinMonsterCode: '<script>(function(d,u,ac){})(document,123456,789012);</script>',
  avisverifies: { codeMarque: 'brand-42' },
  // docs/decisions/064-error-page-preview-and-shop-times.md: the session-recording script
  sessionRecording: { provider: 'hotjar', id: '1234567' },
}
const HOSTS = {
  gtag: 'www.googletagmanager.com',
  klaviyo: 'static.klaviyo.com',
  optinmonster: 'a.omappapi.com',
  avis: 'cl.avis-verifies.com',
  recording: 'static.hotjar.com',
}
const THIRD_PARTIES = Object.values(HOSTS)
// docs/decisions/019-site-headers.md: tenant CSS that imports a stylesheet from the font host the
// theme allows, and an image from elsewhere. Neither may leave before consent (custom-css.ts drops
// both).
const CUSTOM_CSS =
  '@import url("https://fonts.googleapis.com/css2?family=Tracked");\n' +
  "@import 'https://css.tracker.example/x.css';\n" +
  'body{background-image:url(https://pixel.tracker.example/p.png)}'
const CSS_HOSTS = ['fonts.googleapis.com', 'css.tracker.example', 'pixel.tracker.example']

describe('consent gates every third party by purpose', () => {
  let dir: string
  let server: RunningServer
  let browser: Browser
  const contexts: BrowserContext[] = []
  const url = (path = '') => `${server.url}/${HOST}/${path}`

  /** A page whose every non-loopback request is recorded with its URL and answered by a stub. */
  async function newPage(cookies: Record<string, string> = {}) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    contexts.push(context)
    const list = Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url }))
    if (list.length > 0) await context.addCookies(list)
    const requested: URL[] = []
    await context.route('**/*', async (route) => {
      const address = new URL(route.request().url())
      if (address.hostname === '127.0.0.1') return route.continue()
      requested.push(address)
      return route.fulfill({ contentType: 'text/javascript', body: '/* stub */' })
    })
    const page = await context.newPage()
    const hosts = () =>
      [...new Set(requested.map((u) => u.hostname))].filter((h) => THIRD_PARTIES.includes(h))
    return { page, requested, hosts }
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storefront-consent-'))
    const snapshot = tenantSnapshot(HOST)
    const themes = { ...snapshot.company.themes, customCss: CUSTOM_CSS }
    const booker = { ...snapshot.company.booker, ...KEYS }
    const company = { ...snapshot.company, booker, themes }
    await writeFile(join(dir, `${HOST}.json`), JSON.stringify({ ...snapshot, company }))
    process.env.SITES_SNAPSHOT_DIR = dir
    process.env.SITES_NOW = DEMO_NOW
    delete process.env.SITES_TENANTS
    await build({ root: process.cwd(), outDir: join(dir, 'out'), logLevel: 'error' })
    server = await serveStatic(join(dir, 'out'))
    browser = await launchBrowser()
  })

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
    await server?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('before any answer and after deny, no third-party request leaves the page', async () => {
    const { page, hosts, requested } = await newPage()
    await page.goto(url(), { waitUntil: 'networkidle' })
    // the tenant CSS imports and images went nowhere, though the page carries that CSS
    expect(requested.filter((u) => CSS_HOSTS.includes(u.hostname))).toEqual([])
    const styles = await page.evaluate(() =>
      [...document.querySelectorAll('style')].map((style) => style.textContent ?? ''),
    )
    expect(styles.filter((css) => css.includes('body{background-image:none}'))).toHaveLength(1)
    const dialog = page.getByRole('dialog', { name: 'Respect de votre vie privée' })
    await dialog.getByRole('button', { name: 'Gérer mes préférences' }).click()
    for (const name of ['Mesure d’audience', 'Marketing', 'Contenus externes']) {
      const label = name.replace('’', "'")
      await expect(dialog.getByRole('switch', { name: label }).isChecked()).resolves.toBe(false)
    }
    expect(hosts()).toEqual([])
    await dialog.getByRole('button', { name: 'Tout refuser' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.reload({ waitUntil: 'networkidle' })
    await page.goto(url('contact/'), { waitUntil: 'networkidle' })
    expect(hosts()).toEqual([])
    expect(requested.filter((u) => CSS_HOSTS.includes(u.hostname))).toEqual([])
  })

  it('marketing only: the Ads tag, Klaviyo and OptinMonster, not analytics nor content', async () => {
    const { page, requested, hosts } = await newPage()
    await page.goto(url(), { waitUntil: 'networkidle' })
    const dialog = page.getByRole('dialog', { name: 'Respect de votre vie privée' })
    await dialog.getByRole('button', { name: 'Gérer mes préférences' }).click()
    await dialog.getByRole('switch', { name: 'Marketing' }).check()
    await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.waitForLoadState('networkidle')
    expect(hosts().sort()).toEqual([HOSTS.optinmonster, HOSTS.klaviyo, HOSTS.gtag].sort())
    const gtag = requested.find((u) => u.hostname === HOSTS.gtag)
    expect(gtag?.searchParams.get('id')).toBe('AW-555')
    expect(
      requested.find((u) => u.hostname === HOSTS.klaviyo)?.searchParams.get('company_id'),
    ).toBe('AbC123')
    const om = page.locator('script[data-third-party-script="optinmonster"]')
    await expect(om.getAttribute('data-user')).resolves.toBe('123456')
    await expect(om.getAttribute('data-account')).resolves.toBe('789012')
    // the OptinMonster text itself never became a script
    await expect(page.locator('script', { hasText: 'document,123456' }).count()).resolves.toBe(0)
  })

  it('accept all: every third party loads, at once for a returning visitor too', async () => {
    const { page, hosts } = await newPage()
    await page.goto(url(), { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Tout accepter' }).click()
    await page.waitForLoadState('networkidle')
    await expect.poll(() => hosts().sort()).toEqual([...THIRD_PARTIES].sort())
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'preference-set')?.value).toBe(
      'connection.analytics.marketing.content',
    )
    const again = await newPage({ 'preference-set': 'connection.analytics.marketing.content' })
    await again.page.goto(url('contact/'), { waitUntil: 'networkidle' })
    await expect.poll(() => again.hosts().sort()).toEqual([...THIRD_PARTIES].sort())
  })

  it('a returning visitor with analytics only gets Google Analytics and the session recording, nothing else', async () => {
    const { page, requested, hosts } = await newPage({ 'preference-set': 'connection.analytics' })
    await page.goto(url('contact/'), { waitUntil: 'networkidle' })
    expect(hosts().sort()).toEqual([HOSTS.gtag, HOSTS.recording].sort())
    expect(requested.find((u) => u.hostname === HOSTS.recording)?.pathname).toBe(
      '/c/hotjar-1234567.js',
    )
    expect(requested.find((u) => u.hostname === HOSTS.gtag)?.searchParams.get('id')).toBe(
      'G-TEST123',
    )
    // the map link is a link: nothing is fetched from Google Maps until the visitor follows it
    expect(requested.some((u) => u.hostname === 'www.google.com')).toBe(false)
  })
})
