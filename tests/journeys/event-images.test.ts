import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { tStudio as t } from '#i18n/studio-messages'
import { expectAxeClean } from './support/axe'
import { firstVisitState, watchFirstVisit } from './support/first-visit'
import { journeyProduct } from './support/product'
import { companyTokenOf } from './support/shop'
import { MAISON, PHONE, siteBrowser } from './support/site'
import { STAFF_PASSWORD, signInToStudio, studioPath, TABLET } from './support/studio'

/**
 * An event whose picture is a library picture (docs/decisions/095-event-images.md): the owner
 * uploads a photo with its alt in French and English and creates an event with it, through the
 * API; the write rebuilds the site, whose /notices.json then describes the picture; a phone at
 * density 2 sees the carousel draw it as a <picture> (AVIF and WebP sources), the chosen file at
 * most 800 px wide and in a modern format, with the library's alt in the page's language, and
 * nothing moves. The event and the picture go at the end: the other journeys read the seed.
 */
const product = journeyProduct()
const site = siteBrowser({ eventsOnLoad: true })
const OWNER = 'claire.dumas@maison-lumiere.example'
const STAMP = Date.now()
const ALT = { fr: `Bougies au hammam ${STAMP}`, en: `Candles in the hammam ${STAMP}` }
const TITLE = { fr: `Nuit des bougies ${STAMP}`, en: `Candle night ${STAMP}` }
const ANSWERED = { 'preference-set': 'connection' }
const MEDIA_FILE = /\/media\/c\d+\/[a-z0-9-]+\/[0-9a-f]+-(\d+)\.(\w+)$/
let auth: Record<string, string> = {}
let mediaId: string | undefined
let eventId: string | undefined

async function api(method: string, path: string, body: BodyInit | null = null, json = true) {
  const headers = json ? { ...auth, 'content-type': 'application/json' } : auth
  const response = await fetch(`${product.apiUrl}${path}`, { method, headers, body })
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return response
}

afterAll(async () => {
  if (eventId) await api('DELETE', `/api/events/${eventId}`)
  if (mediaId) await api('DELETE', `/api/medias/${mediaId}`)
  await site.close()
})

describe('an event with a library picture, in the live carousel', () => {
  it('a phone at density 2: <picture>, a modern file at most 800 px, the alt per language, no shift', async () => {
    const company = await companyTokenOf(product, MAISON)
    const login = await fetch(`${product.apiUrl}/api/cmpusers/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', company },
      body: JSON.stringify({ email: OWNER, password: STAFF_PASSWORD }),
    })
    const { token } = (await login.json()) as { token: string }
    auth = { company, authorization: `Bearer ${token}` }

    // wider than the carousel ever is, so the library keeps 400, 800, 1200 and 1600
    const png = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#c9a27e' },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bougies.png')
    form.append('alt', JSON.stringify(ALT))
    const media = (await (await api('POST', '/api/upload/image', form, false)).json()) as {
      id: string
      url: string
    }
    mediaId = media.id

    // current now, and ending before the seeded event: the carousel's first slide
    const now = Date.now()
    const created = await api(
      'POST',
      '/api/events',
      JSON.stringify({
        img: [{ url: media.url }],
        start: new Date(now - 3_600_000).toISOString(),
        end: new Date(now + 3 * 3_600_000).toISOString(),
        title: TITLE,
        body: { fr: '<p>Aux chandelles</p>', en: '<p>By candlelight</p>' },
      }),
    )
    eventId = ((await created.json()) as { id: string }).id

    // the write published: the rebuilt /notices.json of each language describes the picture
    // (read by the browser: Node does not resolve *.localhost)
    const { page: reader } = await site.open(MAISON)
    await reader.goto(site.url(MAISON, '/robots.txt'))
    for (const prefix of ['', '/en']) {
      await expect
        .poll(
          () =>
            reader.evaluate(
              async ({ path, url }) => {
                const frame = await fetch(path, { cache: 'no-store' })
                if (!frame.ok) return undefined
                const { pictures } = (await frame.json()) as {
                  pictures?: Record<string, { alt: string }>
                }
                return pictures?.[url]?.alt
              },
              { path: `${prefix}/notices.json`, url: media.url },
            ),
          { timeout: 240_000, interval: 2_000 },
        )
        .toBe(prefix === '' ? ALT.fr : ALT.en)
    }
    await site.closeContexts()

    for (const locale of ['fr', 'en'] as const) {
      const { page, errors } = await site.open(MAISON, {
        viewport: PHONE,
        deviceScaleFactor: 2,
        cookies: ANSWERED,
      })
      await watchFirstVisit(page)
      // the rotation waits: the test reads the first slide
      await page.clock.install()
      const files: { width: number; format: string }[] = []
      page.on('response', (response) => {
        const match = MEDIA_FILE.exec(response.url())
        if (match) files.push({ width: Number(match[1]), format: match[2] ?? '' })
      })
      await page.goto(site.url(MAISON, locale === 'fr' ? '/' : '/en/'))
      const dialog = page.locator('dialog.events-dialog[open]')
      await dialog.waitFor({ timeout: 30_000 })
      const slide = dialog.locator('article')
      await expect(slide.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(
        TITLE[locale],
      )
      const picture = slide.locator('picture')
      expect(
        await picture.locator('source').evaluateAll((s) => s.map((e) => e.getAttribute('type'))),
      ).toEqual(['image/avif', 'image/webp'])
      const image = picture.locator('img')
      expect(await image.getAttribute('alt')).toBe(ALT[locale])
      expect(await image.getAttribute('sizes')).toBe('(min-width: 982px) 918px, calc(100vw - 4rem)')
      expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0)
      expect(Number(await image.getAttribute('height'))).toBeGreaterThan(0)
      await image.evaluate((img) => (img as HTMLImageElement).decode())
      const chosen = await image.evaluate((img) => (img as HTMLImageElement).currentSrc)
      const [, width, format] = MEDIA_FILE.exec(new URL(chosen).pathname) ?? []
      expect(Number(width), chosen).toBeLessThanOrEqual(800)
      expect(['avif', 'webp'], chosen).toContain(format)
      expect(files.length).toBeGreaterThan(0)
      expect(Math.max(...files.map((f) => f.width))).toBeLessThanOrEqual(800)
      await page.waitForLoadState('networkidle')
      const state = await firstVisitState(page)
      expect(state.cls, state.shifted.join(', ')).toBeLessThan(0.01)
      expect(errors).toEqual([])
      await site.closeContexts()
    }
  }, 400_000)

  it('the studio: the event form shows the library’s alt texts, and says when a picture is not from it', async () => {
    if (!eventId) throw new Error('the event of the first test was not made')
    const { page } = await site.open(MAISON, { viewport: TABLET })
    await page.goto(site.url(MAISON, studioPath('fr')))
    await page.getByLabel(t('fr', 'studio.signIn.email')).waitFor({ timeout: 30_000 })
    await signInToStudio(page, 'fr', OWNER)
    await page
      .getByRole('button', { name: t('fr', 'studio.nav.marketing') })
      .click({ timeout: 60_000 })
    await page.getByRole('button', { name: t('fr', 'studio.marketing.tab.events') }).click()
    await page
      .getByRole('button', { name: t('fr', 'studio.marketing.edit', { name: TITLE.fr }) })
      .click({ timeout: 30_000 })
    const note = page.getByRole('note')
    await note
      .getByText(t('fr', 'studio.marketing.events.altFromLibrary'))
      .waitFor({ timeout: 30_000 })
    expect(await note.locator('dd').allTextContents()).toEqual([ALT.fr, ALT.en])
    await expectAxeClean(page, 'studio events form with a library picture')
    // an address from elsewhere: the site shows it undescribed, and the form says so
    await page
      .getByLabel(t('fr', 'studio.marketing.events.image'), { exact: true })
      .fill('https://elsewhere.example/affiche.jpg')
    await page
      .getByText(t('fr', 'studio.marketing.events.notFromLibrary'))
      .waitFor({ timeout: 30_000 })
  }, 180_000)
})
