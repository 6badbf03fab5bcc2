import { type ArticleRecord, articleBody, SHOP_ARTICLE_TYPE } from '#contract/article'
import type { EshopCategory } from '#contract/eshop'
import { parsePrice, parseWeekPrice, priceText, weekPriceText } from './price-fields'
import { type LanguageCode, slugOf } from './service-form'

/**
 * The studio's product form (docs/decisions/088-studio-products-and-service-options.md): what
 * the fields hold as typed and the article body they make, as the service form does. The price
 * is typed as a decimal and sent in integer minor units; the body is held to the contract.
 */
export interface ProductFormValues {
  readonly names: Readonly<Partial<Record<LanguageCode, string>>>
  readonly descriptions: Readonly<Partial<Record<LanguageCode, string>>>
  readonly price: string
  /** the week price as typed; empty: none (docs/decisions/092-week-prices-and-online-booking.md) */
  readonly weekPrice: string
  /** on sale on the site (not a draft) */
  readonly onSale: boolean
  /** units counted per shop (booker.enableStock); off: the site sells without limit */
  readonly tracked: boolean
  /** image addresses, in order; empty entries are dropped */
  readonly images: readonly string[]
}

export type ProductFormError = 'name' | 'price' | 'weekPrice' | 'image'

/** The stored record (GET /api/articles/records), week price apart, as the service form reads it. */
type ReadArticle = ArticleRecord

export function productFormOf(article: ReadArticle | undefined): ProductFormValues {
  return {
    names: { ...article?.name },
    descriptions: { ...article?.description },
    price: article ? priceText(article.prices) : '',
    weekPrice: weekPriceText(article?.weekprices),
    onSale: article ? !article.draft : false,
    tracked: article ? article.booker.enableStock : true,
    images: article?.images.map((i) => i.url) ?? [],
  }
}

const filled = (text: Readonly<Partial<Record<LanguageCode, string>>>) =>
  Object.fromEntries(Object.entries(text).filter(([, v]) => v !== undefined && v.trim() !== ''))

/**
 * The body to send, kept from `base` but for the form's fields (an image keeps its other sources
 * while its address is unchanged), or the first field in error. The French name is required.
 */
export function productBodyOf(
  values: ProductFormValues,
  base?: ReadArticle,
): { body: ReturnType<typeof articleBody.parse> } | { error: ProductFormError } {
  const name = filled(values.names)
  if (!name.fr) return { error: 'name' }
  const prices = parsePrice(values.price)
  if (prices === undefined) return { error: 'price' }
  const week = parseWeekPrice(values.weekPrice)
  if (!week.ok) return { error: 'weekPrice' }
  const urls = values.images.map((u) => u.trim()).filter((u) => u !== '')
  const known = new Map(base?.images.map((i) => [i.url, i]))
  const images = urls.map((url) => known.get(url) ?? { url })
  const { id: _id, ...kept } = base ?? { id: '' }
  const parsed = articleBody.safeParse({
    slug: slugOf(name.fr) || 'product',
    ...kept,
    type: SHOP_ARTICLE_TYPE,
    name,
    description: filled(values.descriptions),
    prices,
    weekprices: week.minor,
    images,
    draft: !values.onSale,
    booker: { ...base?.booker, enableStock: values.tracked },
  })
  if (parsed.success) return { body: parsed.data }
  const imageIssue = parsed.error.issues.some((issue) => issue.path[0] === 'images')
  return { error: imageIssue ? 'image' : 'name' }
}

/** '12' -> 12 units; anything but a whole number from 0 to 999 998: undefined. */
export function parseUnits(text: string): number | undefined {
  const clean = text.trim()
  if (!/^\d{1,6}$/.test(clean)) return undefined
  const units = Number(clean)
  return units <= 999_998 ? units : undefined
}

type CategoryBody = Omit<EshopCategory, 'id'>
const bodyOf = ({ id: _id, ...body }: EshopCategory): CategoryBody => body

/**
 * The e-shop categories to rewrite so that a product is listed in `after` only ('' none): it
 * leaves the one it was in and joins the end of the new one's list.
 */
export function categoryMoves(
  categories: readonly EshopCategory[],
  product: { readonly id: string; readonly slug: string },
  after: string,
): { id: string; body: CategoryBody }[] {
  const moves: { id: string; body: CategoryBody }[] = []
  for (const category of categories) {
    const listed = category.articles.some((a) => a.id === product.id)
    const wanted = category.id === after
    if (listed === wanted) continue
    const articles = wanted
      ? [...category.articles, { id: product.id, slug: product.slug }]
      : category.articles.filter((a) => a.id !== product.id)
    moves.push({ id: category.id, body: { ...bodyOf(category), articles } })
  }
  return moves
}

/** A category as the ordering reads it: service and e-shop categories both are. */
interface Ordered {
  readonly id: string
  readonly order: number
}

/**
 * The categories to rewrite to move one up (-1) or down (+1) in the site's order: the list is
 * renumbered 1..n in its shown order, then the two neighbours swap; only changed rows are sent.
 */
export function reorderCategories<C extends Ordered>(
  categories: readonly C[],
  id: string,
  step: -1 | 1,
): { id: string; body: Omit<C, 'id'> }[] {
  const shown = [...categories].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id))
  const at = shown.findIndex((c) => c.id === id)
  const to = at + step
  if (at < 0 || to < 0 || to >= shown.length) return []
  const moved = [...shown]
  const [one] = moved.splice(at, 1)
  if (one) moved.splice(to, 0, one)
  return moved.flatMap((category, index) => {
    if (category.order === index + 1) return []
    const { id: categoryId, ...body } = category
    return [{ id: categoryId, body: { ...body, order: index + 1 } }]
  })
}
