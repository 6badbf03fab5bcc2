import type { Locator, Page } from 'playwright-core'
import { type Article, article } from '#contract/article'
import { type Category, category } from '#contract/category'
import { type Shop, shop } from '#contract/shop'
import { isListedService, isProductArticle, isServiceArticle } from '#domain/index'
import type { JourneyProduct } from './product'
import { apiGet } from './shop'

/**
 * What the amounts journey (tests/journeys/amounts.test.ts) reads: a tenant's catalogue as the
 * API serves it, and amounts as the visitor reads them on screen.
 */

/**
 * The minor units of an amount written on screen, in any of the five locales' formats
 * ('75,00 €', '€75.00', 'à partir de 1 234,50 €'): the digits of its last number, for a
 * currency of two decimals (the demo tenants' EUR). Throws when the text holds no amount.
 */
export function minorUnitsOf(text: string): number {
  const numbers = text.match(/\d[\d\s\u00a0\u202f.,'’]*\d|\d/g)
  const last = numbers?.at(-1)
  if (!last) throw new Error(`no amount in "${text}"`)
  const digits = last.replace(/\D/g, '')
  if (!/[.,]\d{2}$/.test(last.replace(/[\s\u00a0\u202f]/g, ''))) {
    throw new Error(`"${text}" is not an amount with two decimals`)
  }
  return Number(digits)
}

/** The amount of the first element `locator` matches, once it is visible. */
export async function amountIn(locator: Locator): Promise<number> {
  await locator.first().waitFor()
  return minorUnitsOf((await locator.first().textContent()) ?? '')
}

/** One amount a visitor read, and where. */
export interface Reading {
  readonly screen: string
  readonly what: string
  readonly amount: number
}

/** A list of readings and the function that adds one, read from the screen. */
export function readingsOf() {
  const readings: Reading[] = []
  const read = async (screen: string, what: string, locator: Locator) => {
    readings.push({ screen, what, amount: await amountIn(locator) })
  }
  return { readings, read }
}

/** An order bill as shown (OrderBill): each article's line total read, then its total. */
export async function readBill(
  bill: Locator,
  screen: string,
  articles: readonly { id: string }[],
  read: ReturnType<typeof readingsOf>['read'],
): Promise<number> {
  for (const { id } of articles) {
    await read(screen, id, bill.locator(`[data-bill-line="${id}"] [data-bill-line-total]`))
  }
  return amountIn(bill.locator('[data-bill-total]'))
}

export interface Catalogue {
  readonly shops: readonly Shop[]
  readonly services: readonly Article[]
  readonly products: readonly Article[]
  /** the category slug a service's detail page is under */
  readonly categoryOf: ReadonlyMap<string, string>
}

/** Every listed service and published product of a demo tenant, parsed by the contract. */
export async function catalogueOf(product: JourneyProduct, host: string): Promise<Catalogue> {
  const [shops, articles, categories] = await Promise.all([
    apiGet<unknown[]>(product, host, '/api/shops'),
    apiGet<unknown[]>(product, host, '/api/articles'),
    apiGet<unknown[]>(product, host, '/api/categories'),
  ])
  const parsedArticles = articles.map((row) => article.parse(row))
  const parsedCategories: Category[] = categories.map((row) => category.parse(row))
  const categoryOf = new Map<string, string>()
  for (const c of [...parsedCategories].sort((a, b) => a.order - b.order)) {
    for (const ref of c.articles) if (!categoryOf.has(ref.id)) categoryOf.set(ref.id, c.slug)
  }
  return {
    shops: shops.map((row) => shop.parse(row)),
    services: parsedArticles.filter(
      (a) => isServiceArticle(a) && isListedService(a) && categoryOf.has(a.id),
    ),
    products: parsedArticles.filter((a) => isProductArticle(a) && !a.draft),
    categoryOf,
  }
}

/** The services a shop offers (docs/product/5-rules.md: matched by slug), in catalogue order. */
export function servicesAt(catalogue: Catalogue, at: Shop): Article[] {
  const slugs = new Set(at.articles.map((ref) => ref.slug))
  const ids = new Set(at.articles.map((ref) => ref.id))
  return catalogue.services.filter((s) => slugs.has(s.slug) || ids.has(s.id))
}

/** The initialize call's answer, read where the browser receives it. */
export async function initializeAnswer(
  page: Page,
  action: () => Promise<void>,
  refusal?: Locator,
): Promise<{ cartId: string; total: number; subtotal: number; discount: number }> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/payment/initialize'), {
    timeout: 60_000,
  })
  // a refusal shown before initialize (a hold refused) fails at once, saying what it was
  const refused = refusal
    ?.filter({ hasText: /\S/ })
    .waitFor({ timeout: 60_000 })
    .then(async () => {
      throw new Error(`refused before payment: ${await refusal.textContent()}`)
    })
  refused?.catch(() => undefined)
  const [response] = await Promise.all([
    refused ? Promise.race([answered, refused]) : answered,
    action(),
  ])
  const body = (await response.json()) as {
    cartId: string
    prices: Record<'total' | 'subtotal' | 'discount', { amount: number }>
  }
  if (!response.ok()) throw new Error(`initialize: ${response.status()} ${JSON.stringify(body)}`)
  return {
    cartId: body.cartId,
    total: body.prices.total.amount,
    subtotal: body.prices.subtotal.amount,
    discount: body.prices.discount.amount,
  }
}
