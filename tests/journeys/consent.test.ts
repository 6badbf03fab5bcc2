import type { Locator, Page } from 'playwright-core'
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

// docs/product/4-states.md "Cookie consent": accept saves the choices shown; opening the
// preferences turns the optional cookies off, closing them turns them back on; deny turns the
// optional ones off whatever the switches show.
describe.each([
  [
    'fr',
    '/services/',
    {
      title: 'Respect de votre vie privée',
      accept: 'Tout accepter',
      deny: 'Tout refuser',
      manage: 'Gérer mes préférences',
      switches: ["Mesure d'audience", 'Marketing', 'Contenus externes'],
    },
  ],
  [
    'en',
    '/en/services/',
    {
      title: 'Your privacy',
      accept: 'Accept all',
      deny: 'Reject all',
      manage: 'Manage preferences',
      switches: ['Audience measurement', 'Marketing', 'External content'],
    },
  ],
] as const)('the cookie banner (%s)', (_lang, path, words) => {
  const saved = async (page: Page) => {
    const cookies = await page.context().cookies()
    return cookies.find((cookie) => cookie.name === 'preference-set')?.value
  }
  const switchesOf = (dialog: Locator) =>
    Promise.all(words.switches.map((name) => dialog.getByRole('switch', { name }).isChecked()))

  it('accept with the preferences open saves the switches shown, not everything', async () => {
    const { page, outside } = await site.open(BAINS, { stubHosts: [GTAG] })
    await page.goto(site.url(BAINS, path))
    const dialog = page.getByRole('dialog', { name: words.title })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: words.manage }).click()
    await expect(switchesOf(dialog)).resolves.toEqual([false, false, false])
    expect(await seriousAxe(page)).toEqual([])
    const [audience = ''] = words.switches
    await dialog.getByRole('switch', { name: audience }).check()
    const gtag = page.waitForRequest((request) => request.url().includes('/gtag/js'))
    await dialog.getByRole('button', { name: words.accept }).click()
    await dialog.waitFor({ state: 'detached' })
    await gtag
    await expect.poll(() => saved(page)).toBe('connection.analytics')
    await page.waitForLoadState('networkidle')
    expect(outside.map((url) => url.hostname).filter(isTracking)).toEqual([GTAG])
  })

  it('closing the preferences turns the optional cookies back on, and accept saves them', async () => {
    const { page } = await site.open(BAINS, { stubHosts: [GTAG] })
    await page.goto(site.url(BAINS, path))
    const dialog = page.getByRole('dialog', { name: words.title })
    await dialog.waitFor()
    const manage = dialog.getByRole('button', { name: words.manage })
    await manage.click()
    await expect(switchesOf(dialog)).resolves.toEqual([false, false, false])
    await manage.click()
    await expect(manage.getAttribute('aria-expanded')).resolves.toBe('false')
    // hidden again, the switches are back on
    await expect(dialog.locator('input[data-purpose]:checked').count()).resolves.toBe(3)
    await manage.click()
    await expect(switchesOf(dialog)).resolves.toEqual([false, false, false])
    await manage.click()
    await dialog.getByRole('button', { name: words.accept }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => saved(page)).toBe('connection.analytics.marketing.content')
  })

  it('deny with a switch turned on still turns every optional cookie off', async () => {
    const { page, outside } = await site.open(BAINS, { stubHosts: [GTAG] })
    await page.goto(site.url(BAINS, path))
    const dialog = page.getByRole('dialog', { name: words.title })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: words.manage }).click()
    const [audience = ''] = words.switches
    await dialog.getByRole('switch', { name: audience }).check()
    await dialog.getByRole('button', { name: words.deny }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => saved(page)).toBe('connection')
    await page.waitForLoadState('networkidle')
    expect(outside.map((url) => url.hostname).filter(isTracking)).toEqual([])
  })
})
