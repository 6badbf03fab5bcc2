import type { Page } from 'playwright-core'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { tenantSnapshot } from '#support/tenant-snapshot'
import { isMapsHost, mapsCalls, stubGoogleMaps } from './support/maps-stub'
import { BAINS, seriousAxe, siteBrowser } from './support/site'

// docs/decisions/033-maps-after-consent.md on the live product: bains-du-lac configures Google Maps.
// Before consent to external content, the contact page links each shop to an open map and nothing
// goes to the provider; after it, the provider's script (a stub answered at the network boundary,
// support/maps-stub.ts) is requested once and draws a marker per shop. The shop search offers the
// cities of the shops without consent, and the provider's cities with it.
const site = siteBrowser()
const shops = tenantSnapshot(BAINS).shops
const DISMISSED = { 'coupon-dismissed': '1' }

afterEach(() => site.closeContexts())
afterAll(() => site.close())

const LANGS = [
  {
    lang: 'fr',
    prefix: '',
    privacy: 'Respect de votre vie privée',
    accept: 'Tout accepter',
    region: 'Carte de nos boutiques',
    shopRegion: 'Carte : Les Bains du Lac Chambéry',
    seeOnMap: 'Voir sur la carte',
    cities: 'Villes proposées',
    credit: 'Avec Google',
  },
  {
    lang: 'en',
    prefix: '/en',
    privacy: 'Your privacy',
    accept: 'Accept all',
    region: 'Map of our shops',
    shopRegion: 'Map: Les Bains du Lac Chambéry',
    seeOnMap: 'See on map',
    cities: 'Suggested cities',
    credit: 'Powered by Google',
  },
] as const

async function open(path: string, cookies: Record<string, string>) {
  const opened = await site.open(BAINS, { cookies })
  await opened.page.addInitScript(() => sessionStorage.setItem('events-shown', '1'))
  const loader = await stubGoogleMaps(opened.page)
  await opened.page.goto(site.url(BAINS, path))
  return { ...opened, loader }
}

const toMaps = (outside: URL[]) => outside.filter((url) => isMapsHost(url.hostname))

describe.each(LANGS)('maps in $lang', (words) => {
  it('contact: open-map links and no provider request before consent; one script and a marker per shop after', async () => {
    const { page, outside, loader, errors } = await open(`${words.prefix}/contact/`, DISMISSED)
    const dialog = page.getByRole('dialog', { name: words.privacy })
    await dialog.waitFor()
    // before consent: each shop's plain link to OpenStreetMap with its coordinates
    const annecy = shops.find((shop) => shop.slug === 'annecy')
    const position = annecy?.localisation?.coordonate
    expect(position).toBeDefined()
    const link = page.getByRole('link', { name: `${words.seeOnMap} – ${annecy?.publicInfo.name}` })
    await expect(link.getAttribute('href')).resolves.toBe(
      `https://www.openstreetmap.org/?mlat=${position?.lat}&mlon=${position?.lng}#map=17/${position?.lat}/${position?.lng}`,
    )
    await expect(link.getAttribute('target')).resolves.toBeNull()
    await expect(
      page.getByRole('link', { name: new RegExp(`^${words.seeOnMap}`) }).count(),
    ).resolves.toBe(shops.length)
    await expect(page.getByRole('region', { name: words.region }).count()).resolves.toBe(0)
    expect(await seriousAxe(page)).toEqual([])
    await page.waitForLoadState('networkidle')
    expect(toMaps(outside)).toEqual([])
    expect(loader).toHaveLength(0)

    // consent given: the provider's script once, the map with a marker per shop
    await dialog.getByRole('button', { name: words.accept }).click()
    const map = page.getByRole('region', { name: words.region })
    await map.waitFor()
    await expect.poll(() => map.locator('.stub-markers li').count()).toBe(shops.length)
    expect(loader).toHaveLength(1)
    const url = new URL(loader[0]?.url() ?? '')
    expect(url.searchParams.get('key')).toBe('AIzaSyDemoKeyForTheStorefrontJourneys01')
    expect(url.searchParams.get('language')).toBe(words.lang)
    const calls = await mapsCalls(page)
    expect(calls.filter((c) => c.call === 'Map')).toHaveLength(1)
    expect(calls.filter((c) => c.call === 'fitBounds')).toHaveLength(1)
    expect(
      calls.filter((c) => c.call === 'Marker').map(({ title, lat, lng }) => ({ title, lat, lng })),
    ).toEqual(
      expect.arrayContaining(
        shops.map((shop) => ({
          title: shop.publicInfo.name,
          lat: shop.localisation?.coordonate.lat,
          lng: shop.localisation?.coordonate.lng,
        })),
      ),
    )
    expect(await seriousAxe(page)).toEqual([])

    // the next visit loads it at once, once
    await page.reload()
    await page.getByRole('region', { name: words.region }).waitFor()
    expect(loader).toHaveLength(2)
    expect(errors).toEqual([])
  })

  it('shop page: its open-map link before consent; its one marker at zoom 18 after', async () => {
    const chambery = shops.find((shop) => shop.slug === 'chambery')
    const position = chambery?.localisation?.coordonate
    const consent = { ...DISMISSED, 'preference-set': 'connection' }
    const before = await open(`${words.prefix}/chambery`, consent)
    const link = before.page.getByRole('link', { name: new RegExp(`^${words.seeOnMap}`) })
    await expect(link.getAttribute('href')).resolves.toBe(
      `https://www.openstreetmap.org/?mlat=${position?.lat}&mlon=${position?.lng}#map=17/${position?.lat}/${position?.lng}`,
    )
    await before.page.waitForLoadState('networkidle')
    expect(toMaps(before.outside)).toEqual([])
    expect(before.loader).toHaveLength(0)

    const { page, loader, errors } = await open(`${words.prefix}/chambery`, {
      ...consent,
      'preference-set': 'connection.content',
    })
    const map = page.getByRole('region', { name: words.shopRegion })
    await expect
      .poll(() => map.locator('.stub-markers li').allTextContents())
      .toEqual([chambery?.publicInfo.name])
    expect(loader).toHaveLength(1)
    const calls = await mapsCalls(page)
    expect(calls.filter((c) => c.call !== 'Marker')).toEqual([{ call: 'Map', zoom: 18 }])
    expect(await seriousAxe(page)).toEqual([])
    expect(errors).toEqual([])
  })

  const combobox = (page: Page) => page.locator('.shop-search').getByRole('combobox')
  const names = (page: Page) =>
    page.locator('.shop-results__list').first().locator('.shop-result__name').allTextContents()

  async function openSearch(consent: string) {
    const opened = await open(`${words.prefix}/`, { ...DISMISSED, 'preference-set': consent })
    await opened.page
      .locator('[data-needed-island="shop-search"][data-mounted]')
      .waitFor({ state: 'attached' })
    return opened
  }

  it('search without consent: the shops’ cities, typed without accents, chosen with the keyboard', async () => {
    const { page, outside, loader, errors } = await openSearch('connection')
    const field = combobox(page)
    await field.focus()
    // 'chambe' for Chambéry: the accent is not typed
    await page.keyboard.type('chambe')
    const list = page.getByRole('listbox', { name: words.cities })
    await list.waitFor()
    await expect(field.getAttribute('aria-expanded')).resolves.toBe('true')
    await expect(list.getByRole('option').allTextContents()).resolves.toEqual(['Chambéry'])
    // the shops' own cities: no provider, no provider's credit
    await expect(page.getByText(words.credit).count()).resolves.toBe(0)
    await expect(field.getAttribute('aria-activedescendant')).resolves.toBeNull()
    await page.keyboard.press('ArrowDown')
    const option = list.getByRole('option', { name: 'Chambéry' })
    await expect(option.getAttribute('aria-selected')).resolves.toBe('true')
    await expect(field.getAttribute('aria-activedescendant')).resolves.toBe(
      await option.getAttribute('id'),
    )
    expect(await seriousAxe(page)).toEqual([])
    await page.keyboard.press('Enter')
    await expect(field.inputValue()).resolves.toBe('Chambéry')
    await expect(field.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(list.isHidden()).resolves.toBe(true)
    await expect.poll(() => names(page)).toEqual(['Les Bains du Lac Chambéry'])

    // Escape closes the list and keeps what was typed; 'bains' finds the cities with that word
    await field.fill('')
    await page.keyboard.type('BAINS')
    await expect(list.getByRole('option').allTextContents()).resolves.toEqual([
      'Aix-les-Bains',
      'Évian-les-Bains',
    ])
    await page.keyboard.press('Escape')
    await expect(field.getAttribute('aria-expanded')).resolves.toBe('false')
    await expect(field.inputValue()).resolves.toBe('BAINS')
    await page.waitForLoadState('networkidle')
    expect(toMaps(outside)).toEqual([])
    expect(loader).toHaveLength(0)
    expect(errors).toEqual([])
  })

  it('search with consent: the provider’s cities; choosing one searches around it', async () => {
    const { page, loader, errors } = await openSearch('connection.content')
    await expect.poll(() => loader.length).toBe(1)
    const field = combobox(page)
    await field.focus()
    await page.keyboard.type('chamb')
    const list = page.getByRole('listbox', { name: words.cities })
    await expect
      .poll(() => list.getByRole('option').allTextContents())
      .toEqual(['Chambéry, France'])
    // the provider's terms: its credit under its suggestions, outside the list of options
    await expect(page.getByText(words.credit).isVisible()).resolves.toBe(true)
    await expect(list.getByText(words.credit).count()).resolves.toBe(0)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await names(page))[0]).toBe('Les Bains du Lac Chambéry')
    const calls = await mapsCalls(page)
    expect(calls.filter((c) => c.call === 'geocode')).toEqual([
      { call: 'geocode', placeId: 'place-chambery' },
    ])
    expect(loader).toHaveLength(1)
    expect(await seriousAxe(page)).toEqual([])
    expect(errors).toEqual([])
  })
})
