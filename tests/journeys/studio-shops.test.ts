import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t as tShop } from '#i18n/messages'
import { tStudio as t } from '#i18n/studio-messages'
import { dateLabel } from '#islands/booking/dates'
import { launchBrowser } from '#support/browser'
import { expectAxeClean, ML, openPage, PHONE } from './support/account'
import { journeyProduct } from './support/product'
import { signInToStudio, studioPath, TABLET } from './support/studio'

/**
 * Shops and team (docs/decisions/087-studio-shops-and-team.md), staff and visitor side by side:
 * the owner of maison-lumiere closes the Lyon shop on a day the storefront offers slots; the
 * visitor's booking then offers none that day; the day removed, they come back. A manager of
 * bains-du-lac sees their two shops' forms, never the Annecy one, and the warnings a change of
 * theirs fixes or adds (Annemasse's online booking opened, then closed again as it was).
 */
const product = journeyProduct()
const BAINS = 'bains-du-lac.localhost'
const OWNER = 'claire.dumas@maison-lumiere.example'
const MANAGER = 'marc.perrin@bains-du-lac.example'
const BOOKING = '/services/soins-visage/soin-eclat-lumiere/?page=reserved'
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

async function signIn(page: Page, email: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 30_000 })
    .toBe(t('fr', 'studio.signIn.heading'))
  await signInToStudio(page, 'fr', email)
  await page.locator('.studio-count').waitFor({ timeout: 60_000 })
}

async function openShops(page: Page): Promise<void> {
  await page.getByRole('button', { name: t('fr', 'studio.nav.shops'), exact: true }).click()
  await page.getByRole('heading', { level: 1, name: t('fr', 'studio.shops.heading') }).waitFor()
}

/** The slot grid's columns (their full date) and how many slots each offers, once loaded. */
async function slotsByDay(page: Page): Promise<{ title: string; slots: number }[]> {
  await page.goto(product.url(ML, BOOKING))
  const grid = page.getByRole('grid', { name: tShop('fr', 'booking.chooseSlot') })
  await grid.waitFor({ timeout: 60_000 })
  await expect.poll(() => grid.locator('th abbr').count()).toBeGreaterThan(0)
  return grid.evaluate((table) => {
    const heads = [...table.querySelectorAll('thead th abbr')]
    const rows = [...table.querySelectorAll('tbody tr')]
    return heads.map((abbr, col) => ({
      title: abbr.getAttribute('title') ?? '',
      slots: rows.filter((row) => row.children[col]?.querySelector('button')).length,
    }))
  })
}

/** The ISO date of a column's full title, among the coming weeks. */
function isoOf(title: string): string {
  for (let day = 0; day < 60; day++) {
    const iso = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10)
    if (dateLabel(iso, 'fr') === title) return iso
  }
  throw new Error(`no date reads ${title}`)
}

const fullDate = (iso: string) =>
  new Intl.DateTimeFormat('fr', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  )

describe('shops and team, from the studio to the storefront', () => {
  it('closes the shop on a day: the booking offers no slot that day, then offers them again', async () => {
    const visitor = await openPage(browser, PHONE, contexts)
    const before = await slotsByDay(visitor.page)
    // the last day with slots: the journeys that book take the first ones
    const target = before.filter((d) => d.slots > 0).at(-1)
    if (!target) throw new Error('the storefront offers no slot at all')
    const iso = isoOf(target.title)

    const { page } = await openPage(browser, TABLET, contexts)
    await page.goto(product.url(ML, studioPath('fr')))
    await signIn(page, OWNER)
    await openShops(page)
    // one shop: its form opens at once
    await page
      .getByRole('heading', { level: 2, name: t('fr', 'studio.shops.daysHeading') })
      .waitFor()
    await expectAxeClean(page, 'studio shops')
    const days = page.getByRole('group', { name: t('fr', 'studio.shops.days.add') })
    await days.getByLabel(t('fr', 'studio.shops.days.date')).fill(iso)
    await days.getByLabel(t('fr', 'studio.shops.days.label')).fill('Inventaire')
    // keyboard: the form is sent by Enter on its button
    await page.getByRole('button', { name: t('fr', 'studio.shops.days.addButton') }).focus()
    await page.keyboard.press('Enter')
    const remove = page.getByRole('button', {
      name: t('fr', 'studio.shops.days.remove', { date: fullDate(iso) }),
    })
    await remove.waitFor({ timeout: 30_000 })

    // the write forgot the cached availability: the day offers nothing
    await expect
      .poll(
        async () =>
          (await slotsByDay(visitor.page)).find((d) => d.title === target.title)?.slots ?? 0,
        {
          timeout: 60_000,
        },
      )
      .toBe(0)
    await expectAxeClean(visitor.page, 'booking with a closed day')

    await remove.click()
    await remove.waitFor({ state: 'detached', timeout: 30_000 })

    // no geocoder in the journeys' product: the address is not found, the position is typed
    await page.getByRole('button', { name: t('fr', 'studio.shops.address.locate') }).click()
    await page.getByText(t('fr', 'studio.shops.address.notFound')).waitFor({ timeout: 30_000 })
    const lat = page.getByLabel(t('fr', 'studio.shops.address.lat'))
    const typed = await lat.inputValue()
    await lat.fill('91')
    await page
      .getByRole('button', { name: t('fr', 'studio.shops.save') })
      .first()
      .click()
    await page.getByText(t('fr', 'studio.shops.address.latInvalid')).waitFor()
    await lat.fill(typed.replace('.', ','))
    await page
      .getByRole('button', { name: t('fr', 'studio.shops.save') })
      .first()
      .click()
    await page.getByText(t('fr', 'studio.shops.saved')).waitFor({ timeout: 30_000 })
    await expect
      .poll(
        async () =>
          (await slotsByDay(visitor.page)).find((d) => d.title === target.title)?.slots ?? 0,
        {
          timeout: 60_000,
        },
      )
      .toBeGreaterThan(0)
  }, 300_000)

  it("shows a manager their shops' forms, never another shop's, and what a change left unbookable", async () => {
    const { page } = await openPage(browser, PHONE, contexts)
    await page.goto(product.url(BAINS, studioPath('fr')))
    await signIn(page, MANAGER)
    await openShops(page)
    const list = page.getByRole('navigation', { name: t('fr', 'studio.shops.listLabel') })
    await expect
      .poll(() => list.getByRole('button').allTextContents())
      .toEqual(['Les Bains du Lac Évian-les-Bains', 'Les Bains du Lac Annemasse'])
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(0)
    await list.getByRole('button', { name: 'Les Bains du Lac Annemasse' }).click()
    await page
      .getByRole('heading', { level: 2, name: t('fr', 'studio.shops.teamHeading') })
      .waitFor()
    const street = page.getByLabel(t('fr', 'studio.shops.address.street'))
    await expect(street.inputValue()).resolves.not.toContain('Annecy')
    await expectAxeClean(page, 'studio shops on a phone, as a manager')

    // Annemasse takes no online booking: opening it fixes warnings, closing it again names them
    const active = page.getByLabel(t('fr', 'studio.shops.bookingActive'))
    const saveHours = page.getByRole('button', { name: t('fr', 'studio.shops.saveHours') })
    const changes = page.locator('.studio-shop-changes')
    await active.check()
    await saveHours.click()
    await expect
      .poll(() => changes.textContent(), { timeout: 30_000 })
      .toContain(t('fr', 'studio.shops.changes.fixed'))
    await active.uncheck()
    await saveHours.click()
    await expect
      .poll(() => changes.textContent(), { timeout: 30_000 })
      .toContain(t('fr', 'studio.shops.changes.unbookable'))
    await expect.poll(() => changes.getByRole('listitem').count()).toBeGreaterThan(0)
    await expect
      .poll(() => changes.textContent())
      .not.toContain(t('fr', 'studio.shops.changes.fixed'))

    // an employee's form shows their week as stored; saved as it is, it closes without a word
    await page
      .getByRole('button', { name: t('fr', 'studio.shops.team.edit', { name: 'Nadia' }) })
      .click()
    const form = page.locator('form.studio-resource-form')
    const monday = t('fr', 'studio.shops.hours.thenFrom', { day: 'lundi' })
    await expect(form.getByLabel(monday).inputValue()).resolves.toBe('14:00')
    await expectAxeClean(page, 'employee form on a phone')
    await form.getByRole('button', { name: t('fr', 'studio.shops.save') }).click()
    await form.waitFor({ state: 'detached', timeout: 30_000 })
    expect(await page.getByText(t('fr', 'studio.shops.team.saveError')).count()).toBe(0)
  }, 180_000)
})
