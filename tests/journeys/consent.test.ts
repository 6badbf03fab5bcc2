import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { BAINS, SCREENS, seriousAxe, siteBrowser } from './support/site'

// Consent (docs/decisions/008-third-party-consent.md) on the live product: bains-du-lac sets Google
// Analytics (G-BDL2026DEMO). Every request leaving loopback is recorded at the network boundary;
// gtag.js is answered by a stub. Other third parties of the company settings:
// tests/e2e/consent-third-parties.test.ts.
const site = siteBrowser()
const GTAG = 'www.googletagmanager.com'
const isTracking = (host: string) =>
  /googletagmanager|google-analytics|doubleclick|klaviyo|omappapi|avis-verifies/.test(host)

afterEach(() => site.closeContexts())
afterAll(() => site.close())

describe.each(SCREENS)('consent on %s', (_name, viewport) => {
  it('deny with the keyboard: no analytics or marketing request leaves the page, after reloads too', async () => {
    const { page, outside } = await site.open(BAINS, { viewport, stubHosts: [GTAG] })
    await page.goto(site.url(BAINS, '/magazine/'))
    const dialog = page.getByRole('dialog', { name: 'Respect de votre vie privée' })
    await dialog.waitFor()
    expect(await seriousAxe(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Gérer mes préférences' }).focus()
    await page.keyboard.press('Enter')
    for (const name of ["Mesure d'audience", 'Marketing', 'Contenus externes']) {
      await expect(dialog.getByRole('switch', { name }).isChecked()).resolves.toBe(false)
    }
    await expect(
      dialog.getByRole('switch', { name: /Cookie de connexion/ }).isDisabled(),
    ).resolves.toBe(true)
    await dialog.getByRole('button', { name: 'Tout refuser' }).focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await page.reload({ waitUntil: 'networkidle' })
    await page.goto(site.url(BAINS, '/contact/'), { waitUntil: 'networkidle' })
    await expect(page.locator('.consent').count()).resolves.toBe(0)
    expect(outside.map((url) => url.hostname).filter(isTracking)).toEqual([])
  })

  it('accept: Google Analytics loads then, and at once on the next page', async () => {
    const { page, outside } = await site.open(BAINS, { viewport, stubHosts: [GTAG] })
    await page.goto(site.url(BAINS, '/magazine/'))
    const dialog = page.getByRole('dialog', { name: 'Respect de votre vie privée' })
    await dialog.waitFor()
    expect(outside.filter((url) => url.hostname === GTAG)).toEqual([])
    const gtag = page.waitForRequest((request) =>
      request.url().includes('/gtag/js?id=G-BDL2026DEMO'),
    )
    await dialog.getByRole('button', { name: 'Tout accepter' }).click()
    await gtag
    const next = page.waitForRequest((request) => request.url().includes('/gtag/js'))
    await page.goto(site.url(BAINS, '/contact/'))
    await next
    await expect(page.locator('.consent').count()).resolves.toBe(0)
  })
})
