import type { ConsoleMessage } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { journeyProduct } from './support/product'
import { BAINS, PHONE, seriousAxe, siteBrowser } from './support/site'

// docs/product/4-states.md "Loading content", "Events and alerts": the events and alerts are read
// from the API when a page loads; the events carousel opens on any page once the cookie question
// is answered (docs/decisions/058-consent-first-visit.md), once per visit, and moves on every
// 10 s; the bell's badge shows until the alerts are opened; a failed load is only logged.
// bains-du-lac has two current events and two current alerts on any day: the product seeds the
// demo with its dates moved to this week (docs/decisions/108-demo-calendar.md).
const site = siteBrowser({ eventsOnLoad: true })
const product = journeyProduct()
const ANSWERED = { 'preference-set': 'connection' }

afterEach(() => site.closeContexts())
afterAll(() => site.close())

const LANGS = [
  {
    lang: 'fr',
    prefix: '',
    events: 'Événements',
    slide: (n: number, of: number) => `Événement ${n} sur ${of}`,
    first: 'Les nuits du hammam',
    second: 'La saison des rituels',
    alerts: 'Informations',
    unread: 'Notifications, 2 nouvelles informations',
    menu: 'Ouvrir le menu',
    accept: 'Tout accepter',
  },
  {
    lang: 'en',
    prefix: '/en',
    events: 'Events',
    slide: (n: number, of: number) => `Event ${n} of ${of}`,
    first: 'Hammam nights',
    second: 'Ritual season',
    alerts: 'News',
    unread: 'Notifications, 2 new notices',
    menu: 'Open menu',
    accept: 'Accept all',
  },
] as const

describe.each(LANGS)('events and alerts from the API ($lang)', (l) => {
  it('a page other than home opens the carousel once the cookie question is answered; it moves on after 10 s; once per visit', async () => {
    const { page, errors } = await site.open(BAINS, { viewport: PHONE })
    await page.clock.install()
    await page.goto(site.url(BAINS, `${l.prefix}/contact/`), { waitUntil: 'networkidle' })
    // the cookie dialog comes alone first: the events wait for its answer
    const banner = page.locator('[data-consent-banner]')
    await expect(banner.isVisible()).resolves.toBe(true)
    await expect(page.locator('dialog[open]').count()).resolves.toBe(0)
    await banner.getByRole('button', { name: l.accept }).click()
    const events = page.getByRole('dialog', { name: l.events })
    await events.waitFor()
    const slide = events.locator('article')
    // the page's clock runs on while the test looks: checked early, and with a margin
    await page.clock.runFor(8_000)
    await expect(slide.getAttribute('aria-label')).resolves.toBe(l.slide(1, 2))
    await expect(slide.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(l.first)
    await page.clock.runFor(2_500)
    await expect(slide.getAttribute('aria-label')).resolves.toBe(l.slide(2, 2))
    await expect(slide.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(l.second)
    expect(await seriousAxe(page)).toEqual([])
    await page.keyboard.press('Escape')
    await events.waitFor({ state: 'detached' })

    // the next page of the visit: the bell, not the carousel
    await page.goto(site.url(BAINS, `${l.prefix}/services/`))
    await page.getByRole('button', { name: /^Notifications/ }).waitFor()
    await expect(page.locator('dialog[open]').count()).resolves.toBe(0)
    expect(errors).toEqual([])
  })

  it('the badge shows until the alerts are opened, and not after', async () => {
    const { page, errors } = await site.open(BAINS, { viewport: PHONE, cookies: ANSWERED })
    await page.addInitScript(() => sessionStorage.setItem('events-shown', '1'))
    await page.goto(site.url(BAINS, `${l.prefix}/services/`))
    const bell = page.getByRole('button', { name: /^Notifications/ })
    await bell.waitFor()
    await expect(bell.locator('.bell__badge').textContent()).resolves.toBe('2')
    await expect(bell.getAttribute('aria-label')).resolves.toBe(l.unread)
    // still there on the next page while the list was not opened
    await page.goto(site.url(BAINS, `${l.prefix}/contact/`))
    await bell.waitFor()
    await expect(bell.locator('.bell__badge').isVisible()).resolves.toBe(true)

    await bell.click()
    const alerts = page.getByRole('dialog', { name: l.alerts })
    await alerts.waitFor()
    expect(await seriousAxe(page)).toEqual([])
    await page.keyboard.press('Escape')
    await alerts.waitFor({ state: 'detached' })
    await expect(bell.locator('.bell__badge').isHidden()).resolves.toBe(true)
    await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications')
    await page.goto(site.url(BAINS, `${l.prefix}/services/`))
    await bell.waitFor()
    await expect(bell.locator('.bell__badge').isHidden()).resolves.toBe(true)
    expect(errors).toEqual([])
  })

  it('a failed load of events and alerts is only logged: no dialog, no bell, the page works', async () => {
    const { page, errors } = await site.open(BAINS, { viewport: PHONE, cookies: ANSWERED })
    const warnings: string[] = []
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    const failed: string[] = []
    await page.route(/\/api\/(events|alerts)(\?|$)/, (route) => {
      failed.push(new URL(route.request().url()).pathname)
      return route.fulfill({ status: 500, json: { code: 500, message: 'Erreur' } })
    })
    await page.goto(site.url(BAINS, `${l.prefix}/contact/`))
    await expect.poll(() => warnings.join('\n')).toContain('events.list')
    await expect.poll(() => warnings.join('\n')).toContain('alerts.list')
    expect(failed.sort()).toEqual(['/api/alerts', '/api/events'])
    await page.waitForLoadState('networkidle')
    await expect(page.locator('dialog[open]').count()).resolves.toBe(0)
    await expect(page.locator('.bell').isHidden()).resolves.toBe(true)
    await expect(page.getByRole('alert').count()).resolves.toBe(0)
    expect(await seriousAxe(page)).toEqual([])
    // the page works: its menu opens and closes
    await page.getByRole('button', { name: l.menu, exact: true }).click()
    const drawer = page.locator('dialog#drawer')
    await expect.poll(() => drawer.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => drawer.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false)
    expect(errors).toEqual([])
  })
})

// An event and an alert created through the API after the build. They are dated tomorrow, and
// the page's clock is set inside their window: no other journey sees them as current.
describe('created after the build', () => {
  const HOUR = 3_600_000
  const visit = Date.now() + 30 * HOUR
  let company = ''
  let bearer = ''
  let alertId = ''

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${product.apiUrl}${path}`, {
      method,
      headers: {
        company,
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    const text = await response.text()
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>
  }

  beforeAll(async () => {
    const token = await fetch(`${product.apiUrl}/api/companies/token/host/${BAINS}`)
    company = ((await token.json()) as { token: string }).token
    const login = await api('POST', '/api/cmpusers/login', {
      email: 'sophie.girard@bains-du-lac.example',
      password: 'demo-provider-2026',
    })
    bearer = String(login.token)
    const window = {
      start: new Date(visit - 6 * HOUR).toISOString(),
      end: new Date(visit + 6 * HOUR).toISOString(),
    }
    await api('POST', '/api/events', {
      ...window,
      title: { fr: 'Atelier surprise du soir', en: 'Surprise evening workshop' },
      // tenant HTML is cleaned in the browser: neither the script nor the handler runs
      body: {
        fr: '<p>Ce soir seulement.<script>window.__notice = 1</script><img src="x.png" alt="" onerror="window.__notice = 2"></p>',
        en: '<p>Tonight only.<script>window.__notice = 1</script><img src="x.png" alt="" onerror="window.__notice = 2"></p>',
      },
    })
    const alert = await api('POST', '/api/alerts', {
      ...window,
      serviceId: 101,
      body: { fr: '<p>Nouveau : nocturne du hammam.</p>', en: '<p>New: late hammam opening.</p>' },
    })
    alertId = String(alert.id)
  })

  afterAll(async () => {
    if (alertId) await api('DELETE', `/api/alerts/${alertId}`)
  })

  it.each([
    [
      'fr',
      '',
      'Événements',
      'Atelier surprise du soir',
      'Ce soir seulement.',
      'Nouveau : nocturne du hammam.',
    ],
    [
      'en',
      '/en',
      'Events',
      'Surprise evening workshop',
      'Tonight only.',
      'New: late hammam opening.',
    ],
  ] as const)(
    '%s: the next load of a page other than home shows them, the new event first (it ends soonest)',
    async (_lang, prefix, eventsTitle, title, text, alertText) => {
      const { page, errors } = await site.open(BAINS, { viewport: PHONE, cookies: ANSWERED })
      await page.clock.install({ time: visit })
      await page.goto(site.url(BAINS, `${prefix}/services/`))
      const events = page.getByRole('dialog', { name: eventsTitle })
      await events.waitFor()
      const slide = events.locator('article')
      await expect(slide.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(title)
      await expect(slide.textContent()).resolves.toContain(text)
      await expect(slide.locator('script').count()).resolves.toBe(0)
      await expect(slide.locator('img[onerror]').count()).resolves.toBe(0)
      expect(await seriousAxe(page)).toEqual([])
      await page.keyboard.press('Escape')
      await events.waitFor({ state: 'detached' })
      const bell = page.getByRole('button', { name: /^Notifications/ })
      await expect(bell.locator('.bell__badge').textContent()).resolves.toBe('3')
      await bell.click()
      const alerts = page.getByRole('dialog', {
        name: eventsTitle === 'Events' ? 'News' : 'Informations',
      })
      await alerts.waitFor()
      await expect(alerts.textContent()).resolves.toContain(alertText)
      await expect(page.evaluate(() => (window as { __notice?: number }).__notice)).resolves.toBe(
        undefined,
      )
      expect(errors).toEqual([])
    },
  )
})
