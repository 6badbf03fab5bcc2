import { describe, expect, it } from 'vitest'
import { type Locale, t } from '#i18n/index'
import { expectAxeClean, journeyBrowser, PHONE } from './support/booking'
import { journeyProduct } from './support/product'

// The days of the slot grid as Intl writes them in the page's language and region, unchanged by
// the stylesheet: French day and month names lower case ('lun. 23 nov.'), British English
// ('Mon 23 Nov', beside the 24-hour times).
const product = journeyProduct()
const HOST = 'bains-du-lac.localhost'
const SERVICE = '/services/massages/massage-deep-tissue?page=reserved'
const journeys = journeyBrowser()

const SHORT_DAY: Record<string, RegExp> = {
  fr: /^(lun|mar|mer|jeu|ven|sam|dim)\. \d{1,2} [a-zéû]+\.?$/,
  en: /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}$/,
  de: /^(Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. [A-ZÄ][a-zä]+\.?$/,
}

describe.each(['fr', 'en', 'de'] as const)('slot grid days in %s', (locale: Locale) => {
  it('are the Intl short dates, as written', async () => {
    const { page, problems } = await journeys.open(PHONE)
    await page.goto(product.url(HOST, `${locale === 'fr' ? '' : `/${locale}`}${SERVICE}`))
    const dialog = page.getByRole('dialog', { name: t(locale, 'booking.shopDialogTitle') })
    await dialog.waitFor()
    await dialog
      .getByRole('button', { name: `${t(locale, 'booking.bookHere')} – Les Bains du Lac Annecy` })
      .click()
    await page.getByRole('grid', { name: t(locale, 'booking.chooseSlot') }).waitFor()
    const heads = page.locator('.slot-grid th abbr')
    await expect.poll(() => heads.count()).toBeGreaterThan(0)
    const shown = await heads.evaluateAll((abbrs) =>
      abbrs.map((abbr) => ({
        // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, after CSS, is the point
        seen: (abbr as HTMLElement).innerText,
        text: abbr.textContent ?? '',
        title: abbr.getAttribute('title') ?? '',
      })),
    )
    for (const { seen, text, title } of shown) {
      // what the visitor sees is what Intl wrote (no text-transform)
      expect(seen).toBe(text)
      expect(text).toMatch(SHORT_DAY[locale] ?? /^$/)
      if (locale === 'fr') expect(title).toMatch(/^[a-z]+ \d{1,2} [a-zéû]+$/)
      if (locale === 'en') expect(title).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+$/)
    }
    await expectAxeClean(page, `slot grid in ${locale}`)
    expect(problems).toEqual([])
  })
})
