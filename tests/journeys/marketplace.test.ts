import type { Page } from 'playwright-core'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { BAINS, SCREENS, seriousAxe, siteBrowser } from './support/site'

// docs/product/1-overview.md#mono-and-marketplace: the marketplace home of bains-du-lac (seven
// shops, Annemasse without online booking): the hero carousel and the shop search, on the live
// product.
const site = siteBrowser()
// the cookie dialog answered, the coupon dismissed and the events already shown this visit: the
// search is what these journeys look at
const QUIET = { 'preference-set': 'connection', 'coupon-dismissed': '1' }
const ANNECY = { latitude: 45.9, longitude: 6.13 }

afterEach(() => site.closeContexts())
afterAll(() => site.close())

async function openHome(options: Parameters<typeof site.open>[1] = {}) {
  const opened = await site.open(BAINS, { cookies: QUIET, ...options })
  await opened.page.addInitScript(() => sessionStorage.setItem('events-shown', '1'))
  await opened.page.goto(site.url(BAINS, '/'))
  await opened.page.locator('.shop-search').waitFor()
  // the search form is server-rendered: a click before the island hydrates it would be lost
  await opened.page
    .locator('[data-needed-island="shop-search"][data-mounted]')
    .waitFor({ state: 'attached' })
  return opened
}

const search = (page: Page) => page.getByRole('combobox', { name: /Rechercher une boutique/ })
const results = (page: Page) => page.locator('.shop-results').first()
const names = (page: Page) =>
  results(page)
    .locator('.shop-results__list')
    .first()
    .locator('.shop-result__name')
    .allTextContents()

describe.each(SCREENS)('marketplace on %s', (_name, viewport) => {
  it('searches by zip code and by a city typed without accents; cards link only with online booking', async () => {
    const { page, errors } = await openHome({ viewport })
    // the hero: slides with a pause button (WCAG 2.2.2) and arrows
    const hero = page.getByRole('region', { name: 'Les Bains du Lac' }).first()
    await page.getByRole('button', { name: 'Mettre le diaporama en pause' }).waitFor()
    await page.getByRole('button', { name: 'Diapositive suivante' }).click()
    await expect(hero.locator('.slides > li.is-current').getAttribute('aria-label')).resolves.toBe(
      'Diapositive 2 sur 3',
    )
    // nothing visited yet
    await page.getByText('Aucune visite récente').waitFor()

    // keyboard only: to the search box, a zip code
    await search(page).focus()
    await page.keyboard.type('74')
    await expect(results(page).getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
      '3 boutiques trouvées',
    )
    expect(await names(page)).toEqual([
      'Les Bains du Lac Annecy',
      'Les Bains du Lac Évian-les-Bains',
      'Les Bains du Lac Annemasse',
    ])
    const annemasse = results(page).locator('li', { hasText: 'Annemasse' }).first()
    await expect(annemasse.textContent()).resolves.toContain('Réservation en ligne non disponible')
    await expect(annemasse.getByRole('link').count()).resolves.toBe(0)
    const annecy = results(page).getByRole('link', { name: /Les Bains du Lac Annecy/ })
    await expect(annecy.getAttribute('href')).resolves.toBe('/annecy')
    await expect(annecy.textContent()).resolves.toContain('Code postal 74000')
    await expect(annecy.locator('.shop-result__arrow svg').count()).resolves.toBe(1)
    expect(await seriousAxe(page)).toEqual([])

    // a city without its accent; one result, so suggestions fill up to six
    await search(page).fill('chambery')
    expect(await names(page)).toEqual(['Les Bains du Lac Chambéry'])
    const suggestions = page.getByRole('button', { name: 'Suggestions' })
    await expect(suggestions.getAttribute('aria-expanded')).resolves.toBe('true')
    await expect(page.locator('.shop-suggestions .shop-result').count()).resolves.toBe(5)
    await suggestions.press('Enter')
    await expect(suggestions.getAttribute('aria-expanded')).resolves.toBe('false')

    // following a card remembers the shop: 'last visit' on the way back
    await results(page)
      .getByRole('link', { name: /Chambéry/ })
      .press('Enter')
    await page.waitForURL((url) => url.pathname.startsWith('/chambery'))
    await page.goBack()
    // the server renders the list empty (decision 027): the island fills it once hydrated
    const recent = page.locator('.shop-recent')
    await expect.poll(() => recent.textContent()).toContain('Dernière visite')
    await expect(recent.textContent()).resolves.toContain('Les Bains du Lac Chambéry')
    expect(errors).toEqual([])
  })

  it('geolocation granted: shops around the visitor within the radius, 6 at a time', async () => {
    const { page } = await openHome({
      viewport,
      permissions: ['geolocation'],
      geolocation: ANNECY,
    })
    const heading = results(page).getByRole('heading', { level: 2 })
    await expect.poll(() => heading.textContent()).toMatch(/^Boutiques autour de vous/)
    expect((await names(page))[0]).toBe('Les Bains du Lac Annecy')
    await expect(results(page).locator('li').first().textContent()).resolves.toMatch(/\d+ m/)
    const radius = page.getByRole('slider', { name: 'Rayon de recherche' })
    await expect(radius.inputValue()).resolves.toBe('100')
    // keyboard: the smallest radius keeps Annecy alone, the largest every shop, 6 then 'see more'
    await radius.focus()
    await page.keyboard.press('Home')
    await expect(radius.inputValue()).resolves.toBe('1')
    expect(await names(page)).toEqual(['Les Bains du Lac Annecy'])
    await page.keyboard.press('End')
    await expect(radius.inputValue()).resolves.toBe('250')
    await expect(heading.textContent()).resolves.toContain('7 boutiques trouvées')
    expect(await names(page)).toHaveLength(6)
    await page.getByRole('button', { name: 'Voir plus de résultats' }).click()
    expect(await names(page)).toHaveLength(7)
    await expect(
      page.getByRole('button', { name: 'Voir plus de résultats' }).count(),
    ).resolves.toBe(0)
    expect(await seriousAxe(page)).toEqual([])
    // typing leaves locate mode
    await search(page).fill('lyon')
    expect(await names(page)).toEqual(['Les Bains du Lac Lyon'])
    await expect(page.getByRole('slider').count()).resolves.toBe(0)
  })

  it('geolocation refused: the locate icon turns blocked and shows why', async () => {
    const { page } = await openHome({ viewport })
    const locate = page.getByRole('button', { name: /^Me localiser/ })
    await locate.click()
    await expect.poll(() => locate.getAttribute('data-state')).toBe('blocked')
    await expect(locate.getAttribute('aria-label')).resolves.toBe(
      'Me localiser (Géolocalisation bloquée)',
    )
    const message = page.getByRole('alert')
    await expect(message.textContent()).resolves.toBe(
      'La géolocalisation est désactivée. Autorisez-la dans votre navigateur ou saisissez une ville.',
    )
    await expect(locate.getAttribute('aria-describedby')).resolves.toBe(
      await message.getAttribute('id'),
    )
    expect(await seriousAxe(page)).toEqual([])
  })
})
