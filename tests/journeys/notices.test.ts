import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t } from '#i18n/index'
import { companyTokenOf } from './support/booking'
import { holdBack } from './support/hold-back'
import { journeyProduct } from './support/product'
import { BAINS, focused, MAISON, PHONE, SCREENS, seriousAxe, siteBrowser } from './support/site'

// docs/product/4-states.md#events-and-alerts: the events dialog, the alerts bell and dialog, the
// coupon pop-up, on the live product. The product seeds the demo with its dates moved to this week
// (docs/decisions/108-demo-calendar.md): bains-du-lac has two current events, two current alerts,
// the coupon pop-up with its image, whatever the day.
// the carousel opens on load here: these visits do not start with it already shown
const site = siteBrowser({ eventsOnLoad: true })
const product = journeyProduct()

/** What the carousel writes under event 501 ('Du 6 novembre 2026 au 27 février 2027' as written). */
let hammamNights = ''
beforeAll(async () => {
  const company = await companyTokenOf(product.apiUrl, BAINS)
  const response = await fetch(`${product.apiUrl}/api/events`, { headers: { company } })
  if (!response.ok) throw new Error(`GET /api/events: ${response.status}`)
  const events = (await response.json()) as { id: string; start: string; end: string }[]
  const event = events.find((e) => String(e.id) === '501')
  if (!event) throw new Error('bains-du-lac has no event 501')
  const format = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' })
  const dateOf = (instant: string) => format.format(new Date(`${instant.slice(0, 10)}T12:00:00Z`))
  hammamNights = t('fr', 'events.dates', { start: dateOf(event.start), end: dateOf(event.end) })
})
const ANSWERED = { 'preference-set': 'connection' }

afterEach(() => site.closeContexts())
afterAll(() => site.close())

const COUPON_SCRIPT = /coupon-popup[^/]*\.js$/
const POPUP_PICTURE = /\/popup\.svg$/
/** A picture of another shape than the pop-up's box (2:1 against 4:3). */
const WIDE_PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 400"><rect width="800" height="400" fill="#4FA3A5"/></svg>'
const NOTICES = /\/notices\.json$/

describe.each(SCREENS)('events, alerts and coupon on %s', (_name, viewport) => {
  it('home: the events carousel opens on load before the coupon pop-up, advances every 10 s, closes; the coupon is dismissed for a day', async () => {
    const { page, context, errors } = await site.open(BAINS, { viewport, cookies: ANSWERED })
    await page.clock.install()
    const releaseCoupon = await holdBack(page, COUPON_SCRIPT)
    // the pop-up's picture comes late, and of another shape: the open dialog must not move
    const releasePicture = await holdBack(page, POPUP_PICTURE, {
      contentType: 'image/svg+xml',
      body: WIDE_PICTURE,
    })
    await page.goto(site.url(BAINS, '/'))
    const events = page.getByRole('dialog', { name: 'Événements' })
    await events.waitFor()
    releaseCoupon()
    const slide = events.locator('article')
    await expect(slide.getAttribute('aria-label')).resolves.toBe('Événement 1 sur 2')
    await expect(slide.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(
      'Les nuits du hammam',
    )
    await expect(slide.locator('.events-slide__dates').textContent()).resolves.toBe(hammamNights)
    await expect(
      slide.getByRole('link', { name: 'Réserver le hammam' }).getAttribute('href'),
    ).resolves.toBe('/services/hammam-rituels/acces-hammam')
    await expect(
      events.getByRole('button', { name: "Afficher l'événement 1" }).getAttribute('aria-current'),
    ).resolves.toBe('true')
    expect(await seriousAxe(page)).toEqual([])

    // auto-advance after 10 s, then the arrows
    await page.clock.runFor(10_000)
    await expect(slide.getAttribute('aria-label')).resolves.toBe('Événement 2 sur 2')
    await expect(slide.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(
      'La saison des rituels',
    )
    await events.getByRole('button', { name: 'Événement suivant' }).click()
    await expect(slide.getAttribute('aria-label')).resolves.toBe('Événement 1 sur 2')
    await events.getByRole('button', { name: 'Événement précédent' }).click()
    await expect(slide.getAttribute('aria-label')).resolves.toBe('Événement 2 sur 2')
    await events.getByRole('button', { name: "Afficher l'événement 1" }).click()
    await expect(slide.getAttribute('aria-label')).resolves.toBe('Événement 1 sur 2')
    // the pause button stops the rotation (WCAG 2.2.2)
    await events
      .getByRole('button', { name: 'Mettre le défilement des événements en pause' })
      .click()
    await page.clock.runFor(20_000)
    await expect(slide.getAttribute('aria-label')).resolves.toBe('Événement 1 sur 2')
    // the coupon waits for it: one dialog at a time
    await page.waitForLoadState('networkidle')
    await expect(page.locator('dialog[open]').count()).resolves.toBe(1)
    await events.getByRole('button', { name: 'Fermer', exact: true }).click()
    await events.waitFor({ state: 'detached' })

    // then the coupon pop-up: text, book button, the company's image
    const coupon = page.getByRole('dialog', { name: 'Offre du moment' })
    await expect(coupon.textContent()).resolves.toContain('HIVER15')
    await expect(coupon.getByRole('link', { name: 'Réserver' }).getAttribute('href')).resolves.toBe(
      '/services',
    )
    const image = coupon.locator('img')
    await expect(image.getAttribute('src')).resolves.toContain('popup.svg')
    const box = () =>
      image.evaluate((img) => {
        const { width, height } = img.getBoundingClientRect()
        return { width: Math.round(width), height: Math.round(height) }
      })
    const before = await box()
    releasePicture()
    await image.evaluate((img) => (img as HTMLImageElement).decode())
    await expect(box()).resolves.toEqual(before)
    expect(Math.abs((before.width * 3) / 4 - before.height)).toBeLessThanOrEqual(1)
    expect(await seriousAxe(page)).toEqual([])
    await coupon.getByRole('button', { name: "Fermer l'offre" }).click()
    await coupon.waitFor({ state: 'detached' })
    // document.cookie reaches the browser's cookie store asynchronously
    const dismissalOf = async () =>
      (await context.cookies()).find((c) => c.name === 'coupon-dismissed')
    await expect.poll(async () => (await dismissalOf())?.value).toBe('1')
    const dismissal = await dismissalOf()
    expect(Math.round(((dismissal?.expires ?? 0) - Date.now() / 1000) / 3600)).toBe(24)

    // a reload shows neither: the coupon is dismissed for the day, the events showed this visit
    await page.reload({ waitUntil: 'networkidle' })
    await expect(page.locator('dialog[open]').count()).resolves.toBe(0)
    expect(errors).toEqual([])
  })

  it('the bell shows a badge until the alerts are opened; the dialog pages and reserves through a shop selector', async () => {
    const { page, errors } = await site.open(BAINS, {
      viewport,
      cookies: { ...ANSWERED, 'coupon-dismissed': '1' },
    })
    // the carousel already showed in this visit: the bell is there, nothing opens on load
    await page.addInitScript(() => sessionStorage.setItem('events-shown', '1'))
    await page.goto(site.url(BAINS, '/services/'))
    const bell = page.getByRole('button', { name: /^Notifications/ })
    await bell.waitFor()
    await expect(bell.locator('.bell__badge').textContent()).resolves.toBe('2')
    await expect
      .poll(() => bell.getAttribute('aria-label'))
      .toBe('Notifications, 2 nouvelles informations')
    await expect(page.locator('dialog[open]').count()).resolves.toBe(0)

    // keyboard: the bell opens the dialog, Escape closes it and the focus returns
    await bell.focus()
    await page.keyboard.press('Enter')
    const alerts = page.getByRole('dialog', { name: 'Informations' })
    await alerts.waitFor()
    await expect(alerts.textContent()).resolves.toContain('Forte demande avant les fêtes')
    await expect(alerts.locator('.alerts-position').textContent()).resolves.toBe('1 / 2')
    expect(await seriousAxe(page)).toEqual([])
    await page.keyboard.press('Escape')
    await alerts.waitFor({ state: 'detached' })
    expect(await focused(page)).toMatch(/^button:Notifications/)
    await expect(bell.locator('.bell__badge').isHidden()).resolves.toBe(true)

    await bell.click()
    await alerts.getByRole('button', { name: 'Information suivante' }).click()
    await expect(alerts.locator('.alerts-position').textContent()).resolves.toBe('2 / 2')
    await expect(alerts.textContent()).resolves.toContain('Le hammam d’Évian sera fermé')
    await alerts.getByRole('button', { name: 'Information précédente' }).click()
    await expect(alerts.locator('.alerts-position').textContent()).resolves.toBe('1 / 2')
    // several shops offer the service: reserve asks which one, then goes to its booking page
    await alerts.getByRole('button', { name: 'Réserver' }).click()
    await expect(alerts.textContent()).resolves.toContain('Choisissez la boutique où réserver')
    const lyon = alerts.getByRole('link', { name: 'Réserver à Les Bains du Lac Lyon' })
    await expect(lyon.getAttribute('href')).resolves.toBe(
      '/lyon/services/massages/massage-pierres-chaudes?page=reserved',
    )
    expect(errors).toEqual([])
    await lyon.click()
    await page.waitForURL((url) =>
      url.pathname.startsWith('/lyon/services/massages/massage-pierres-chaudes'),
    )
    // opened: no badge on the next page either
    await expect(page.locator('.bell__badge').isHidden()).resolves.toBe(true)
  })
})

// docs/product/2-screens.md "Dialogs": the events carousel and the coupon pop-up both open on load,
// in no fixed order; they queue, Escape closes the one on screen and the next follows, and the
// focus goes back where it was
describe.each([
  ['fr', '/', 'Événements', 'Offre du moment'],
  ['en', '/en/', 'Events', 'Current offer'],
] as const)('one dialog at a time (%s)', (_lang, path, eventsTitle, couponTitle) => {
  it('a coupon that asks after the events carousel waits for it; Escape closes each; the focus returns', async () => {
    const { page, errors } = await site.open(BAINS, { viewport: PHONE, cookies: ANSWERED })
    const releaseCoupon = await holdBack(page, COUPON_SCRIPT)
    const releaseNotices = await holdBack(page, NOTICES)
    await page.goto(site.url(BAINS, path))
    // the visitor is on the header's first link when the dialogs arrive
    const link = page.locator('header a[href]').first()
    await link.focus()
    const before = await focused(page)
    releaseNotices()
    const events = page.getByRole('dialog', { name: eventsTitle })
    await events.waitFor()
    releaseCoupon()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('dialog[open]').count()).resolves.toBe(1)
    await expect(
      page.getByRole('heading', { name: eventsTitle, exact: true }).count(),
    ).resolves.toBe(1)
    expect(await seriousAxe(page)).toEqual([])

    await page.keyboard.press('Escape')
    await events.waitFor({ state: 'detached' })
    const coupon = page.getByRole('dialog', { name: couponTitle })
    await coupon.waitFor()
    await expect(page.locator('dialog[open]').count()).resolves.toBe(1)
    expect(await seriousAxe(page)).toEqual([])
    await page.keyboard.press('Escape')
    await coupon.waitFor({ state: 'detached' })
    await expect(page.locator('dialog[open]').count()).resolves.toBe(0)
    expect(await focused(page)).toBe(before)
    expect(errors).toEqual([])
  })

  it('an events carousel that asks after the coupon pop-up waits for it; Escape closes each', async () => {
    const { page, errors } = await site.open(BAINS, { viewport: PHONE, cookies: ANSWERED })
    const releaseNotices = await holdBack(page, NOTICES)
    await page.goto(site.url(BAINS, path))
    const coupon = page.getByRole('dialog', { name: couponTitle })
    await coupon.waitFor()
    releaseNotices()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('dialog[open]').count()).resolves.toBe(1)
    await expect(page.locator('dialog.events-dialog').count()).resolves.toBe(0)

    await page.keyboard.press('Escape')
    await coupon.waitFor({ state: 'detached' })
    const events = page.getByRole('dialog', { name: eventsTitle })
    await events.waitFor()
    await expect(page.locator('dialog[open]').count()).resolves.toBe(1)
    await expect(
      page.getByRole('heading', { name: eventsTitle, exact: true }).count(),
    ).resolves.toBe(1)
    await page.keyboard.press('Escape')
    await events.waitFor({ state: 'detached' })
    // closed is not yet done: the close event (which puts the focus back) follows a task later
    await expect.poll(() => page.locator('dialog.notice-dialog').count()).toBe(0)
    // nothing had the focus when they opened on load: back to the document start, the next Tab
    // is the skip link (docs/decisions/058-consent-first-visit.md)
    await page.keyboard.press('Tab')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className))
      .toBe('skip-link')
    expect(errors).toEqual([])
  })
})

describe('a key pressed while a dialog closes', () => {
  it('a Tab that moved the focus before the close event keeps it there', async () => {
    const { page, errors } = await site.open(BAINS, {
      viewport: PHONE,
      cookies: { ...ANSWERED, 'coupon-dismissed': '1' },
    })
    await page.goto(site.url(BAINS, '/'))
    await page.getByRole('dialog', { name: 'Événements' }).waitFor()
    // the close event comes a task after close(): on a loaded phone a Tab lands in between;
    // here the focus moves in the same task, before the event, as that Tab would
    await page.evaluate(() => {
      document.querySelector('dialog.events-dialog')?.querySelector('button')?.focus()
      document.querySelector<HTMLDialogElement>('dialog.events-dialog')?.close()
      document.querySelector<HTMLElement>('.skip-link')?.focus()
    })
    await expect.poll(() => page.locator('dialog.events-dialog').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link')
    expect(errors).toEqual([])
  })
})

describe('one shop, and the events from the bell', () => {
  it('maison-lumiere: reserve goes straight to the booking page; the bell offers the events', async () => {
    const { page } = await site.open(MAISON, { viewport: PHONE, cookies: ANSWERED })
    await page.addInitScript(() => sessionStorage.setItem('events-shown', '1'))
    await page.goto(site.url(MAISON, '/contact/'))
    const bell = page.getByRole('button', { name: /^Notifications/ })
    await bell.click()
    const alerts = page.getByRole('dialog', { name: 'Informations' })
    const reserve = alerts.getByRole('link', { name: 'Réserver' })
    await expect(reserve.getAttribute('href')).resolves.toMatch(/^\/services\/.+\?page=reserved$/)
    await alerts.getByRole('button', { name: 'Voir les événements' }).click()
    const events = page.getByRole('dialog', { name: 'Événements' })
    await events.waitFor()
    // one event: no arrows, no dots, no rotation
    await expect(events.getByRole('button', { name: 'Événement suivant' }).count()).resolves.toBe(0)
    await page.keyboard.press('Escape')
    await events.waitFor({ state: 'detached' })
    expect(await focused(page)).toMatch(/^button:Notifications/)
  })

  it('the English site speaks English', async () => {
    const { page } = await site.open(BAINS, {
      cookies: { ...ANSWERED, 'coupon-dismissed': '1' },
    })
    await page.goto(site.url(BAINS, '/en/'))
    const events = page.getByRole('dialog', { name: 'Events' })
    await events.waitFor()
    await expect(events.locator('article').getAttribute('aria-label')).resolves.toBe('Event 1 of 2')
    await expect(events.textContent()).resolves.toContain('Hammam nights')
  })
})
