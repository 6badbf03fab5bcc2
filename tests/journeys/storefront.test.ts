import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { contextFromEnv, createApi } from '#api/index'
import { LOCALE_INFO, type Locale, t } from '#i18n/index'
import { launchBrowser } from '#support/browser'
import {
  type AxeFinding,
  inlineScripts,
  isSerious,
  loopbackOnly,
  notIgnored,
  runAxe,
  type ShippedScript,
  scriptResponses,
  type VnuMessage,
  validateHtml,
  watchPage,
} from '#support/page-checks'
import { fetchPage, statusOf } from '#support/product'
import { journeyProduct } from './support/product'
import { DESKTOP, PHONE as MOBILE } from './support/viewports'

/**
 * The sites' browser checks (decisions 005 and 006), against the product the journeys share
 * (global-setup.ts: `npm start` on free ports, the API in memory, a build of every demo tenant,
 * the sites server with publish webhooks). It started its own until decision 099: one start
 * fewer in the browser lane. Chromium never leaves loopback. The publish test adds a post to
 * maison-lumiere, so it runs last.
 */
const ML = 'maison-lumiere.localhost'
const BDL = 'bains-du-lac.localhost'
const AF = 'atelier-ferme.localhost'
const UNKNOWN = 'unknown.localhost'

const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
/** every non-loopback URL a page asked for (and did not get) */
const blocked = new Set<string>()
const suiteStarted = performance.now()

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  if (blocked.size > 0) {
    const hosts = [...new Set([...blocked].map((url) => new URL(url).host))].sort()
    console.log(`blocked off-loopback requests to: ${hosts.join(', ')}`)
  }
  console.log(`storefront e2e: ${seconds(suiteStarted)} s in all`)
}, 60_000)

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1)
}

/** A fresh page in its own context at `viewport`, cut off from everything but loopback. */
async function openPage(viewport = DESKTOP): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport })
  contexts.push(context)
  await loopbackOnly(context, blocked)
  const page = await context.newPage()
  return { page, ...watchPage(page) }
}

// one context per test at most alive: Chromium's memory stays flat on a small machine
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

async function h1Of(page: Page): Promise<string> {
  return ((await page.locator('h1').first().textContent()) ?? '').trim()
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** Waits for the page at `path` (and `hash`) to have loaded. */
async function landedOn(page: Page, path: string): Promise<void> {
  const [pathname, hash] = path.split('#')
  await page.waitForURL(
    (url) =>
      trimSlash(url.pathname) === trimSlash(pathname ?? '/') &&
      (hash === undefined || url.hash === `#${hash}`),
  )
}

interface Landing {
  /** the link's accessible name */
  readonly label: string
  readonly path: string
  readonly h1: string
  readonly title: string
}

async function expectLanding(page: Page, landing: Landing): Promise<void> {
  await landedOn(page, landing.path)
  expect(await h1Of(page), landing.path).toBe(landing.h1)
  expect(await page.title()).toBe(landing.title)
}

const ML_TITLE = ' | Maison Lumière, institut de beauté à Lyon'
const BDL_TITLE = ' · Les Bains du Lac'

// ---- homes ---------------------------------------------------------------------------------

interface Home {
  readonly host: string
  readonly locale: Locale
  readonly path: string
  readonly h1: string
  readonly title: string
  readonly locales: readonly Locale[]
}

const ML_LOCALES: readonly Locale[] = ['fr', 'en']
const BDL_LOCALES: readonly Locale[] = ['fr', 'en', 'es', 'it', 'de']

function home(host: string, locale: Locale, h1: string, tab: string): Home {
  const mono = host === ML
  return {
    host,
    locale,
    path: locale === 'fr' ? '/' : `/${locale}`,
    h1,
    title: `${tab}${mono ? ML_TITLE : BDL_TITLE}`,
    locales: mono ? ML_LOCALES : BDL_LOCALES,
  }
}

const HOMES: readonly Home[] = [
  // a mono home has no hero: its heading is the company's name (docs/product/2-screens.md)
  home(ML, 'fr', 'Maison Lumière', 'Accueil'),
  home(ML, 'en', 'Maison Lumière', 'Home'),
  home(BDL, 'fr', 'Le lac, la vapeur, le silence', 'Accueil'),
  home(BDL, 'en', 'The lake, the steam, the silence', 'Home'),
  home(BDL, 'de', 'Der See, der Dampf, die Stille', 'Startseite'),
  home(BDL, 'es', 'El lago, el vapor, el silencio', 'Inicio'),
  home(BDL, 'it', 'Il lago, il vapore, il silenzio', 'Home'),
]

describe('every demo tenant home in every enabled locale', () => {
  it.for(HOMES)('$host $locale', async (home) => {
    const { page, problems } = await openPage()
    const response = await page.goto(product.url(home.host, home.path))
    expect(response?.status()).toBe(200)
    expect(await page.locator('html').getAttribute('lang')).toBe(LOCALE_INFO[home.locale].iso)
    expect(await h1Of(page)).toBe(home.h1)
    expect(await page.title()).toBe(home.title)
    // rendered and styled without any off-loopback resource (web fonts are blocked)
    expect(await page.locator('h1').first().isVisible()).toBe(true)
    const styled = await page.evaluate(() =>
      [...document.styleSheets].some((s) => s.href?.includes('/_astro/') && s.cssRules.length > 0),
    )
    expect(styled).toBe(true)
    // one alternate per enabled locale plus x-default
    const hreflangs = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')))
    expect(hreflangs.filter((h) => h !== 'x-default').length).toBe(home.locales.length)
    expect(hreflangs).toContain('x-default')
    // the footer's language switcher offers exactly the enabled locales
    const languages = await page
      .locator('footer a[hreflang]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')))
    expect([...languages].sort()).toEqual([...home.locales].sort())
    expect(problems).toEqual([])
  })

  it('a locale the company does not enable has no home', async () => {
    expect(await statusOf(product.port, ML, '/de')).toBe(404)
    expect(await statusOf(product.port, ML, '/it/')).toBe(404)
  })
})

// ---- navigation ----------------------------------------------------------------------------

/** A page of maison-lumiere (French) whose h1 is the menu label. */
const mlPage = (label: string, path: string, tab = label): Landing => ({
  label,
  path,
  h1: label,
  title: `${tab}${ML_TITLE}`,
})
const ML_SERVICES = mlPage('Nos soins', '/services')
const ML_BOUTIQUE = mlPage('Boutique', '/boutique')
const ML_GIFT = mlPage('Cartes cadeaux', '/gift', 'Offrir un bon cadeau')
const ML_MAGAZINE = mlPage('Le journal', '/magazine')
const ML_CONTACT = mlPage('L’institut', '/contact')
const ML_PRESSE = mlPage('Presse', '/presse')
const ML_PROFILE = mlPage('Mon compte', '/profile')
const ML_FR_MENU: readonly Landing[] = [ML_SERVICES, ML_BOUTIQUE, ML_GIFT, ML_MAGAZINE, ML_CONTACT]

const BDL_DE_MENU: readonly Landing[] = [
  {
    label: 'Behandlungen',
    path: '/de/services',
    h1: 'Behandlungen',
    title: `Behandlungen${BDL_TITLE}`,
  },
  {
    label: 'Geschenkkarten',
    path: '/de/gift',
    h1: 'Geschenkkarten',
    title: `Einen Gutschein verschenken${BDL_TITLE}`,
  },
  { label: 'Magazin', path: '/de/magazine', h1: 'Magazin', title: `Magazin${BDL_TITLE}` },
  {
    label: 'Unsere Häuser',
    path: '/de/contact',
    h1: 'Unsere Häuser',
    title: `Unsere Häuser${BDL_TITLE}`,
  },
]

const ML_HOME: Landing = {
  label: 'Accueil',
  path: '/',
  h1: 'Maison Lumière',
  title: `Accueil${ML_TITLE}`,
}
const ML_LOGIN: Landing = { ...mlPage('Connexion', '/auth/customer/login'), label: 'Se connecter' }
const ML_REGISTER = mlPage('Créer un compte', '/auth/customer/register')

describe('navigation: header (desktop)', () => {
  it.for([
    { host: ML, home: '/', menu: ML_FR_MENU },
    { host: BDL, home: '/de', menu: BDL_DE_MENU },
  ])('$host $home: every menu link, followed from page to page', async ({ host, home, menu }) => {
    const { page, problems } = await openPage(DESKTOP)
    await page.goto(product.url(host, home))
    const header = page.locator('header')
    const nav = header.locator('nav.header__nav > ul > li > a')
    expect(await nav.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      menu.map((m) => m.path),
    )
    expect(await page.locator('.menu-button').isVisible()).toBe(false)
    for (const landing of menu) {
      await header.getByRole('link', { name: landing.label, exact: true }).click()
      await expectLanding(page, landing)
      // the link of the page the visitor is on is marked as such
      expect(
        await header
          .getByRole('link', { name: landing.label, exact: true })
          .getAttribute('aria-current'),
      ).toBe('page')
    }
    // the logo goes home
    await header.locator('a.header__logo').click()
    await landedOn(page, home)
    expect(problems).toEqual([])
  })

  it('the Others dropdown, the account menu and the language picker', async () => {
    const { page, problems } = await openPage(DESKTOP)
    await page.goto(product.url(ML, '/services'))
    const header = page.locator('header')
    // Others: the company's custom items, in a new tab, shown only once opened
    const others = header.locator('details', { hasText: t('fr', 'nav.others') })
    const recruiting = others.getByRole('link', { name: /Recrutement/ })
    expect(await recruiting.isVisible()).toBe(false)
    await others.locator('summary').click()
    expect(await recruiting.isVisible()).toBe(true)
    expect(await recruiting.getAttribute('target')).toBe('_blank')
    expect(await recruiting.getAttribute('rel')).toContain('noopener')
    // a click elsewhere closes it (the header script)
    await page.locator('h1').click()
    expect(await recruiting.isVisible()).toBe(false)

    // account menu (logged out): login and register
    await header.getByLabel(t('fr', 'a11y.accountMenu')).click()
    await header.getByRole('link', { name: ML_LOGIN.label, exact: true }).click()
    await expectLanding(page, ML_LOGIN)
    await header.getByLabel(t('fr', 'a11y.accountMenu')).click()
    await header.getByRole('link', { name: ML_REGISTER.label, exact: true }).click()
    await expectLanding(page, ML_REGISTER)

    // language picker: the same page in English
    await page.goto(product.url(ML, '/services'))
    await header.locator('summary', { hasText: t('fr', 'language.choose') }).click()
    await header.getByRole('link', { name: 'English', exact: true }).click()
    await expectLanding(page, {
      label: 'English',
      path: '/en/services',
      h1: 'Treatments',
      title: `Treatments${ML_TITLE}`,
    })
    // and back, keeping the query (docs/product/2-screens.md: ?page=reserved stays on the route)
    await page.goto(product.url(ML, '/en/services?page=reserved'))
    await header.locator('summary', { hasText: t('en', 'language.choose') }).click()
    await header.getByRole('link', { name: 'Français', exact: true }).click()
    await landedOn(page, '/services')
    expect(new URL(page.url()).search).toBe('?page=reserved')
    expect(await h1Of(page)).toBe('Nos soins')
    expect(problems).toEqual([])
  })
})

describe('navigation: drawer (mobile 390×844)', () => {
  const drawerLinks: readonly Landing[] = [ML_HOME, ...ML_FR_MENU, ML_LOGIN, ML_REGISTER]

  it('maison-lumiere: every drawer link, and the ways to close it', async () => {
    const { page, problems } = await openPage(MOBILE)
    await page.goto(product.url(ML, '/presse'))
    const menuButton = page.getByRole('button', { name: t('fr', 'a11y.menuOpen') })
    const drawer = page.locator('dialog#drawer')
    expect(await page.locator('.header__nav').isVisible()).toBe(false)
    expect(await menuButton.isVisible()).toBe(true)
    expect(await drawer.isVisible()).toBe(false)

    // closed by its close button, by Escape, and by a click on the backdrop
    await menuButton.click()
    expect(await drawer.isVisible()).toBe(true)
    await drawer.getByRole('button', { name: t('fr', 'a11y.menuClose') }).click()
    expect(await drawer.isVisible()).toBe(false)
    await menuButton.click()
    await page.keyboard.press('Escape')
    expect(await drawer.isVisible()).toBe(false)
    await menuButton.click()
    await page.mouse.click(MOBILE.width - 5, MOBILE.height / 2)
    expect(await drawer.isVisible()).toBe(false)

    // the company's custom items open in a new tab
    const custom = drawer.locator('a', { hasText: 'Recrutement' })
    expect(await custom.getAttribute('target')).toBe('_blank')

    for (const landing of drawerLinks) {
      await menuButton.click()
      expect(await drawer.isVisible()).toBe(true)
      await drawer.getByRole('link', { name: landing.label, exact: true }).click()
      await expectLanding(page, landing)
      expect(await drawer.isVisible()).toBe(false)
    }
    expect(problems).toEqual([])
  })

  it('bains-du-lac in English: the drawer leads to the magazine', async () => {
    const { page, problems } = await openPage(MOBILE)
    await page.goto(product.url(BDL, '/en'))
    await page.getByRole('button', { name: t('en', 'a11y.menuOpen') }).click()
    await page.locator('dialog#drawer').getByRole('link', { name: 'Magazine', exact: true }).click()
    await expectLanding(page, {
      label: 'Magazine',
      path: '/en/magazine',
      h1: 'Magazine',
      title: `Magazine${BDL_TITLE}`,
    })
    expect(problems).toEqual([])
  })
})

describe('navigation: footer', () => {
  it('maison-lumiere: site links, legal anchors and the language switcher', async () => {
    const { page, problems } = await openPage(DESKTOP)
    await page.goto(product.url(ML, '/'))
    const footer = page.locator('footer')
    const footerLinks = [ML_GIFT, ML_SERVICES, ML_CONTACT, ML_MAGAZINE, ML_PRESSE]
    const siteNav = footer.getByRole('navigation', { name: t('fr', 'a11y.footerNav') })
    expect(
      await siteNav.locator('a').evaluateAll((a) => a.map((l) => l.getAttribute('href'))),
    ).toEqual(footerLinks.map((l) => l.path))
    for (const landing of footerLinks) {
      await siteNav.getByRole('link', { name: landing.label, exact: true }).click()
      await expectLanding(page, landing)
    }

    const legalNav = footer.getByRole('navigation', { name: t('fr', 'a11y.legalNav') })
    for (const [label, anchor] of [
      ['Politique de confidentialité', 'rgpd'],
      ['Mentions légales', 'mentions'],
      ['Conditions générales de vente', 'cgv'],
      ["Conditions générales d'utilisation", 'cgu'],
    ] as const) {
      await legalNav.getByRole('link', { name: label, exact: true }).click()
      await expectLanding(page, {
        label,
        path: `/legal#${anchor}`,
        h1: 'Informations légales',
        title: `Informations légales${ML_TITLE}`,
      })
      // the anchor exists and the browser brought it into view
      await page.locator(`#${anchor}`).waitFor({ state: 'visible' })
      const box = await page.locator(`#${anchor}`).boundingBox()
      expect(box && box.y >= -1 && box.y < DESKTOP.height).toBe(true)
    }

    // the language switcher keeps the page
    await footer.getByRole('link', { name: 'English', exact: true }).click()
    await expectLanding(page, {
      label: 'English',
      path: '/en/legal',
      h1: 'Legal information',
      title: `Legal information${ML_TITLE}`,
    })
    // social links leave in a new tab
    const social = footer.locator('.social a')
    expect(await social.count()).toBeGreaterThan(0)
    for (const target of await social.evaluateAll((a) => a.map((l) => l.getAttribute('target')))) {
      expect(target).toBe('_blank')
    }
    expect(problems).toEqual([])
  })
})

describe('navigation: bottom navigation (mobile)', () => {
  it.for([
    {
      host: ML,
      start: '/magazine',
      items: [ML_SERVICES, ML_HOME, ML_PROFILE],
    },
    {
      host: BDL,
      start: '/presse',
      items: [
        {
          label: 'Soins et rituels',
          path: '/services',
          h1: 'Soins et rituels',
          title: `Soins et rituels${BDL_TITLE}`,
        },
        {
          label: 'Accueil',
          path: '/',
          h1: 'Le lac, la vapeur, le silence',
          title: `Accueil${BDL_TITLE}`,
        },
        {
          label: 'Nos maisons',
          path: '/contact',
          h1: 'Nos maisons',
          title: `Nos maisons${BDL_TITLE}`,
        },
      ],
    },
  ])('$host: left, home and right slots', async ({ host, start, items }) => {
    const { page, problems } = await openPage(MOBILE)
    await page.goto(product.url(host, start))
    const bottom = page.getByRole('navigation', { name: t('fr', 'a11y.bottomNav') })
    expect(await bottom.isVisible()).toBe(true)
    const landings: readonly Landing[] = items
    expect(
      await bottom.locator('a').evaluateAll((a) => a.map((l) => l.getAttribute('href'))),
    ).toEqual(landings.map((l) => l.path))
    for (const landing of landings) {
      await bottom.getByRole('link', { name: landing.label, exact: true }).click()
      await expectLanding(page, landing)
      expect(
        await bottom
          .getByRole('link', { name: landing.label, exact: true })
          .getAttribute('aria-current'),
      ).toBe('page')
    }
    expect(problems).toEqual([])
  })

  it('is not shown on a desktop viewport', async () => {
    const { page } = await openPage(DESKTOP)
    await page.goto(product.url(ML, '/'))
    expect(await page.locator('nav.bottom-nav').isVisible()).toBe(false)
  })
})

// ---- 404, maintenance, disabled ------------------------------------------------------------

describe('the 404 page in each locale', () => {
  const cases = [
    ...ML_LOCALES.map((locale) => ({ host: ML, locale })),
    ...BDL_LOCALES.map((locale) => ({ host: BDL, locale })),
  ]

  it.for(cases)('$host $locale', async ({ host, locale }) => {
    const { page, problems } = await openPage()
    const prefix = locale === 'fr' ? '' : `/${locale}`
    const response = await page.goto(product.url(host, `${prefix}/cette-page-n-existe-pas`))
    expect(response?.status()).toBe(404)
    expect(await page.locator('html').getAttribute('lang')).toBe(LOCALE_INFO[locale].iso)
    // docs/decisions/064-error-page-preview-and-shop-times.md: the page-not-found title, then the texts
    expect(await h1Of(page)).toBe(t(locale, 'error.pageNotFound'))
    expect(await page.locator('main').textContent()).toContain(t(locale, 'error.notFoundText'))
    expect(await page.locator('main').textContent()).toContain(t(locale, 'error.notFoundHero'))
    expect(await page.title()).toBe(t(locale, 'error.pageTitle.notFound'))
    // its way back leads to the locale's home
    await page.getByRole('link', { name: t(locale, 'error.backHome') }).click()
    await landedOn(page, prefix || '/')
    expect(await page.locator('html').getAttribute('lang')).toBe(LOCALE_INFO[locale].iso)
    expect(problems).toEqual([])
  })

  it('says it in the words of docs/product/2-screens.md', async () => {
    const { page } = await openPage()
    await page.goto(product.url(ML, '/nulle-part'))
    expect(await page.locator('main').textContent()).toContain(
      "Il semblerait que cette page n'existe pas.",
    )
    await page.goto(product.url(ML, '/en/nowhere'))
    expect(await page.locator('main').textContent()).toContain('This page could not be found')
    // a locale the company does not enable falls back to French
    const response = await page.goto(product.url(ML, '/de/nirgendwo'))
    expect(response?.status()).toBe(404)
    expect(await page.locator('main').textContent()).toContain('Cette page est introuvable')
  })
})

describe('the maintenance page for a host no company has', () => {
  it.for([
    { host: UNKNOWN, path: '/', locale: 'fr' as Locale },
    { host: UNKNOWN, path: '/services/massages', locale: 'fr' as Locale },
    { host: UNKNOWN, path: '/en/', locale: 'en' as Locale },
    { host: 'autre-salon.localhost', path: '/de/', locale: 'de' as Locale },
    { host: '127.0.0.1', path: '/', locale: 'fr' as Locale },
  ])('$host $path', async ({ host, path, locale }) => {
    const { page, problems } = await openPage()
    const response = await page.goto(product.url(host, path))
    expect(response?.status()).toBe(503)
    expect(response?.headers()['retry-after']).toBe('300')
    expect(await h1Of(page)).toBe(t(locale, 'maintenance.title'))
    if (locale === 'fr') expect(await h1Of(page)).toBe('Nous revenons bientôt !')
    expect(await page.locator('html').getAttribute('lang')).toBe(LOCALE_INFO[locale].iso)
    expect(problems).toEqual([])
  })
})

describe('the disabled tenant', () => {
  const company: {
    booker: { siteDisabledMessage: Record<string, string> }
  } = JSON.parse(readFileSync(new URL(`../../tenants/${AF}/company.json`, import.meta.url), 'utf8'))
  const message = company.booker.siteDisabledMessage

  it.for([
    { path: '/', to: '/disabled', locale: 'fr' as Locale },
    { path: '/services', to: '/disabled', locale: 'fr' as Locale },
    { path: '/en', to: '/en/disabled', locale: 'en' as Locale },
    { path: '/en/contact', to: '/en/disabled', locale: 'en' as Locale },
    { path: '/page-inconnue', to: '/disabled', locale: 'fr' as Locale },
  ])('$path is sent to $to with its message', async ({ path, to, locale }) => {
    const { page, problems } = await openPage()
    await page.goto(product.url(AF, path))
    await landedOn(page, to)
    expect(await h1Of(page)).toBe(t(locale, 'maintenance.title'))
    expect(await page.locator('main').textContent()).toContain("L'Atelier Ferme")
    expect(await page.locator('main').textContent()).toContain(message[locale])
    // no way into the site from there: no menu, no drawer
    expect(await page.locator('nav').count()).toBe(0)
    expect(problems).toEqual([])
  })
})

// ---- every page type: HTML validity, accessibility, JavaScript ------------------------------

interface PageType {
  readonly type: string
  readonly host: string
  readonly path: string
  readonly status?: number
  /** false: a page nobody sees rendered (the disabled redirect), validated as HTML only */
  readonly axe?: boolean
}

const PAGE_TYPES: readonly PageType[] = [
  { type: 'home mono', host: ML, path: '/' },
  { type: 'home marketplace', host: BDL, path: '/' },
  { type: 'services list', host: ML, path: '/services' },
  { type: 'category', host: ML, path: '/services/soins-visage' },
  { type: 'service detail', host: ML, path: '/services/soins-visage/soin-eclat-lumiere' },
  { type: 'shop page', host: BDL, path: '/lyon' },
  { type: 'shop page mono', host: ML, path: '/institut-lyon' },
  { type: 'shop services', host: BDL, path: '/lyon/services/massages' },
  { type: 'shop service detail', host: BDL, path: '/lyon/services/massages/massage-en-duo' },
  { type: 'boutique list', host: ML, path: '/boutique' },
  { type: 'product', host: ML, path: '/boutique/article/bougie-figue-cedre' },
  { type: 'gift', host: BDL, path: '/en/gift' },
  { type: 'gift (bonscadeaux)', host: ML, path: '/bonscadeaux' },
  { type: 'magazine list', host: BDL, path: '/magazine' },
  { type: 'post', host: ML, path: '/magazine/cire-ou-lumiere-pulsee' },
  { type: 'post (de)', host: BDL, path: '/de/magazine/bienfaits-du-hammam' },
  { type: 'contact mono', host: ML, path: '/contact' },
  { type: 'contact marketplace', host: BDL, path: '/contact' },
  { type: 'legal', host: ML, path: '/legal' },
  { type: 'presse', host: ML, path: '/presse' },
  { type: 'disabled', host: AF, path: '/disabled' },
  { type: 'disabled redirect', host: AF, path: '/', axe: false },
  { type: 'waiting', host: ML, path: '/waiting' },
  { type: 'payments success', host: ML, path: '/payments/success' },
  { type: 'payments fail', host: ML, path: '/payments/fail' },
  { type: 'payments rdvcheck', host: ML, path: '/payments/rdvcheck' },
  { type: 'auth login', host: ML, path: '/auth/customer/login' },
  { type: 'auth register', host: BDL, path: '/it/auth/customer/register' },
  { type: 'profile', host: ML, path: '/profile' },
  { type: 'profile orders', host: ML, path: '/profile/orders' },
  { type: 'profile eshoporders', host: ML, path: '/profile/eshoporders' },
  { type: 'profile loyalty', host: ML, path: '/profile/loyalty' },
  { type: 'profile password-reset', host: ML, path: '/profile/password-reset' },
  { type: 'panier', host: ML, path: '/panier' },
  { type: '404', host: ML, path: '/introuvable', status: 404 },
  { type: '404 (es)', host: BDL, path: '/es/no-existe', status: 404 },
  { type: 'error', host: ML, path: '/500' },
  // docs/decisions/064-error-page-preview-and-shop-times.md: the company error page
  { type: 'company error', host: ML, path: '/company-error' },
  { type: 'maintenance', host: UNKNOWN, path: '/', status: 503 },
]

interface Visited {
  readonly type: string
  readonly file: string
  readonly axe: readonly AxeFinding[]
  readonly problems: readonly string[]
  readonly scripts: readonly ShippedScript[]
  /** the page has the site's header navigation (menu button, drawer) */
  readonly chrome: boolean
}

describe('every page type', () => {
  const visited: Visited[] = []
  let dir = ''
  let validation: Promise<{ messages: VnuMessage[]; ms: number } | { error: unknown }>

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-pages-'))
    // the HTML as served (a page may move on in the browser: the disabled redirect), validated
    // by the Nu checker in its own JVM while the browser goes through the same pages
    const files: string[] = []
    for (const pageType of PAGE_TYPES) {
      const served = await fetchPage(product.port, pageType.host, pageType.path)
      expect(served.status, pageType.type).toBe(pageType.status ?? 200)
      const file = join(dir, `${pageType.type.replace(/[^a-z0-9]+/gi, '-')}.html`)
      writeFileSync(file, served.body)
      files.push(file)
    }
    const vnuStarted = performance.now()
    validation = validateHtml(files).then(
      (messages) => ({ messages, ms: performance.now() - vnuStarted }),
      (error: unknown) => ({ error }),
    )

    const started = performance.now()
    const { page, problems } = await openPage(DESKTOP)
    // host by host: a load on another host is another site, which Chromium gives a new renderer
    // process (about twice the CPU of a load on the same host, measured 2026-12-01)
    const byHost = [...PAGE_TYPES.entries()].sort(([, a], [, b]) => a.host.localeCompare(b.host))
    for (const [i, pageType] of byHost) {
      problems.length = 0 // the same page visits every type: its problems are per visit
      const responses = scriptResponses(page)
      const response = await page.goto(product.url(pageType.host, pageType.path))
      expect(response?.status(), pageType.type).toBe(pageType.status ?? 200)
      await page.waitForLoadState('load')
      // the chunks the header script imports (the cookie banner's) may still be in flight at
      // 'load' on a busy machine: the page's scripts are counted once the network is quiet
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined)
      const axe = pageType.axe === false ? [] : await runAxe(page)
      const file = files[i] ?? ''
      const html = readFileSync(file, 'utf8')
      const scripts = [...(await responses.settle()), ...inlineScripts(html)]
      const chrome = (await page.locator('header .menu-button').count()) > 0
      visited.push({ type: pageType.type, file, axe, problems: [...problems], scripts, chrome })
    }
    console.log(`${PAGE_TYPES.length} page types visited and axe-checked in ${seconds(started)} s`)
  }, 240_000)

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('axe-core finds no serious or critical WCAG 2.1 A/AA violation', () => {
    const serious = visited.flatMap((v) =>
      v.axe
        .filter(isSerious)
        .map((f) => `${v.type}: [${f.impact}] ${f.id} ${f.help}\n    ${f.nodes.join('\n    ')}`),
    )
    const minor = visited.flatMap((v) =>
      v.axe.filter((f) => !isSerious(f)).map((f) => `${v.type}: [${f.impact}] ${f.id}`),
    )
    if (minor.length > 0) console.log(`axe, minor or moderate:\n  ${minor.join('\n  ')}`)
    expect(serious).toEqual([])
  })

  it('the Nu HTML checker finds no error', async () => {
    const result = await validation
    if ('error' in result) throw result.error
    const typeOf = (url: string | undefined) =>
      visited.find((v) => url?.endsWith(v.file))?.type ?? url ?? '?'
    const errors = result.messages
      .filter(notIgnored)
      .map((m) => `${typeOf(m.url)}:${m.lastLine ?? '?'}: ${m.message} ${m.extract ?? ''}`)
    const ignored = result.messages.length - errors.length
    console.log(
      `vnu: ${PAGE_TYPES.length} pages in ${(result.ms / 1000).toFixed(1)} s, ` +
        `${errors.length} error(s)${ignored > 0 ? `, ${ignored} ignored (VNU_IGNORED)` : ''}`,
    )
    expect(errors).toEqual([])
  })

  it('every page loads its resources from loopback without error', () => {
    expect(visited.filter((v) => v.problems.length > 0)).toEqual([])
  })

  it('JavaScript per page type: a page without an island ships only what the header needs', () => {
    const total = (scripts: readonly ShippedScript[], key: 'bytes' | 'gzipBytes') =>
      scripts.reduce((n, s) => n + s[key], 0)
    const rows = visited.map((v) => ({
      type: v.type,
      scripts: v.scripts.length,
      bytes: total(v.scripts, 'bytes'),
      gzip: total(v.scripts, 'gzipBytes'),
    }))
    const width = Math.max(...rows.map((r) => r.type.length))
    console.log(
      [
        `JS per page type (script responses + inline scripts; gzip of each, summed):`,
        `  ${'page type'.padEnd(width)}  scripts      bytes    gzipped`,
        ...rows.map(
          (r) =>
            `  ${r.type.padEnd(width)}  ${String(r.scripts).padStart(7)}  ${String(r.bytes).padStart(9)}  ${String(r.gzip).padStart(9)}`,
        ),
      ].join('\n'),
    )
    // The post read anonymously has no island: every script it loads is one that every page
    // with the chrome loads too (the header's), nothing of its own.
    const post = visited.find((v) => v.type === 'post')
    expect(post).toBeDefined()
    const withChrome = visited.filter((v) => v.chrome)
    expect(withChrome.length).toBeGreaterThan(PAGE_TYPES.length / 2)
    for (const script of post?.scripts ?? []) {
      const missing = withChrome.filter((v) => !v.scripts.some((s) => s.key === script.key))
      expect(
        missing.map((v) => v.type),
        script.key,
      ).toEqual([])
    }
  })
})

describe('accessibility of the mobile chrome', () => {
  it.for([
    { host: ML, path: '/' },
    { host: BDL, path: '/de/magazine' },
  ])('$host $path: bottom navigation, then the open drawer', async ({ host, path }) => {
    const { page } = await openPage(MOBILE)
    await page.goto(product.url(host, path))
    const closed = await runAxe(page)
    await page.locator('.menu-button').click()
    await page.locator('dialog#drawer').waitFor({ state: 'visible' })
    const open = await runAxe(page)
    const serious = [...closed, ...open].filter(isSerious)
    expect(serious.map((f) => `[${f.impact}] ${f.id} ${f.help}: ${f.nodes.join(' | ')}`)).toEqual(
      [],
    )
  })

  it('desktop dropdowns opened', async () => {
    const { page } = await openPage(DESKTOP)
    await page.goto(product.url(BDL, '/'))
    await page.locator('header details').evaluateAll((all) => {
      for (const d of all) d.setAttribute('open', '')
    })
    const serious = (await runAxe(page)).filter(isSerious)
    expect(serious.map((f) => `[${f.impact}] ${f.id} ${f.help}: ${f.nodes.join(' | ')}`)).toEqual(
      [],
    )
  })
})

// ---- publish -------------------------------------------------------------------------------

describe('publish', () => {
  it('a post a provider creates through the API goes live at its magazine URL', async () => {
    const users: Array<{ kind?: string; email: string; password: string }> = JSON.parse(
      readFileSync(new URL(`../../tenants/${ML}/users.json`, import.meta.url), 'utf8'),
    )
    const provider = users.find((u) => u.email === 'claire.dumas@maison-lumiere.example')
    expect(provider?.kind).toBe('provider')
    const context = contextFromEnv(
      { API_SERVER_URL: product.apiUrl },
      { side: 'server', report: () => undefined },
    )
    const { token } = await createApi(context).startup.companyOfHost(ML)
    const session = await createApi({ ...context, companyToken: token }).cmpusers.login({
      body: { email: provider?.email ?? '', password: provider?.password ?? '' },
    })
    if (!('token' in session)) throw new Error(`provider login refused: ${JSON.stringify(session)}`)
    const api = createApi({ ...context, companyToken: token, providerToken: session.token })

    const slug = `publie-en-direct-${Date.now()}`
    const title = 'Nouveau rituel d’hiver, publié à l’instant'
    const path = `/magazine/${slug}`
    expect(await statusOf(product.port, ML, path)).toBe(404)
    const logFrom = product.output().length
    const started = performance.now()
    await api.content.postsCreate({
      body: {
        slug,
        title: { fr: title, en: 'A new winter ritual, just published' },
        summary: { fr: 'Un article créé par le test de publication.' },
        body: { fr: '<p>Publié par le test de bout en bout.</p>' },
        published: true,
        lang: ['all'],
      },
    })
    let status = await statusOf(product.port, ML, path)
    while (status !== 200 && performance.now() - started < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = await statusOf(product.port, ML, path)
    }
    const liveMs = performance.now() - started
    console.log(`publish-to-live: ${(liveMs / 1000).toFixed(2)} s (post create → 200 at ${path})`)
    expect(status).toBe(200)
    expect(liveMs).toBeLessThan(60_000)
    // the serve process says so, the rebuild was of that tenant alone
    const done = await product.waitForOutput(/rebuild (\S+): (live|FAILED[^\n]*)/, 10_000, logFrom)
    expect(done[1]).toBe(ML)
    expect(done[2]).toBe('live')

    const { page, problems } = await openPage()
    await page.goto(product.url(ML, path))
    expect(await h1Of(page)).toBe(title)
    expect(await page.locator('main').textContent()).toContain(
      'Publié par le test de bout en bout.',
    )
    await page.goto(product.url(ML, '/magazine'))
    expect(await page.locator(`main a[href="${path}"]`).count()).toBeGreaterThan(0)
    await page.goto(product.url(ML, `/en${path}`))
    expect(await h1Of(page)).toBe('A new winter ritual, just published')
    expect(problems).toEqual([])
  })
})
