import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '#support/browser'
import { expectAxeClean } from './support/axe'
import { journeyProduct } from './support/product'
import { newVisitor } from './support/shop'
import { DESKTOP, PHONE } from './support/site'

// The gift form's theme and amount choices drawn as the form's text fields are (border, radius),
// each radio on the line of its name, the names of a row of cards on one line; choosing one moves
// nothing.
const product = journeyProduct()
const HOST = 'maison-lumiere.localhost'
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

interface Box {
  top: number
  bottom: number
  left: number
  mid: number
}

/** Per choice card: its border, its radio's and its name's boxes. */
function cards(page: Page, list: string) {
  return page.locator(`${list} .gift-choice`).evaluateAll((labels) =>
    labels.map((label) => {
      const box = (element: Element | null): Box => {
        const r = element?.getBoundingClientRect() ?? new DOMRect()
        return { top: r.top, bottom: r.bottom, left: r.left, mid: (r.top + r.bottom) / 2 }
      }
      const style = getComputedStyle(label)
      return {
        border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderRadius}`,
        radio: box(label.querySelector('input')),
        name: box(label.querySelector('span')),
        card: box(label),
      }
    }),
  )
}

describe.each([
  ['fr', '/gift', 'Merci', 'Autre montant'],
  ['en', '/en/gift', 'Thank you', 'Other amount'],
])('gift choices in %s', (_lang, path, theme, otherAmount) => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])(
    'on a %s: styled as the fields, radios on their names, names aligned',
    async (_s, viewport) => {
      const visitor = await newVisitor(browser, product, HOST, viewport)
      const { page } = visitor
      try {
        await page.goto(product.url(HOST, path))
        await page.locator('.gift-themes .gift-choice').first().waitFor()
        await page.getByRole('radio', { name: otherAmount }).waitFor()
        // hydrated (the island marks itself data-mounted): a click before is held and replayed
        // once the form is there (src/islands/loading/mount-needed.ts), which check() would read
        // as a radio that did not change
        await page.locator('[data-needed-island="gift"][data-mounted] form.gift-form').waitFor()
        const field = await page
          .locator('.shop-field input')
          .first()
          .evaluate((input) => {
            const style = getComputedStyle(input)
            return `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderRadius}`
          })
        for (const list of ['.gift-themes', '.gift-amounts']) {
          const drawn = await cards(page, list)
          expect(drawn.length).toBeGreaterThan(1)
          for (const card of drawn) {
            expect(card.border).toBe(field)
            // the radio on the line of the name, before it
            expect(Math.abs(card.radio.mid - card.name.mid)).toBeLessThanOrEqual(2)
            expect(card.radio.left).toBeLessThan(card.name.left)
          }
          // cards on the same row: names on one line
          const rows = Map.groupBy(drawn, (card) => Math.round(card.card.top))
          for (const row of rows.values()) {
            const tops = row.map((card) => card.name.top)
            expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1)
          }
        }
        // choosing a theme moves nothing
        const before = await cards(page, '.gift-themes')
        await page.getByRole('radio', { name: theme }).check()
        expect(await cards(page, '.gift-themes')).toEqual(before)
        await expectAxeClean(page, `gift choices ${path}`)
        expect(visitor.problems).toEqual([])
      } finally {
        await visitor.context.close()
      }
    },
  )
})
