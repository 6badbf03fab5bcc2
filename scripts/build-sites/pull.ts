import type { ApiContext } from '#api/index'
import { ApiError, contextFromEnv, createApi } from '#api/index'
import { MAX_RESOLVE_URLS } from '#contract/media'
import { type SiteSnapshot, siteSnapshot } from '#contract/site-snapshot'
import { chunks, imageAddresses } from '#site/media/media-addresses'
import { errorMessage } from '../shared/paths'
import { runPool } from '../shared/pool'

export type PullResult =
  | { readonly ok: true; readonly host: string; readonly snapshot: SiteSnapshot }
  | { readonly ok: false; readonly host: string; readonly error: string }

/** The build reaches the API directly (never through the public /api proxy). */
export function serverContext(apiUrl: string): ApiContext {
  return contextFromEnv({ API_SERVER_URL: apiUrl }, { side: 'server', report: () => undefined })
}

// Names the call that failed: "posts: 502 Réponse invalide du service." tells where to look.
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw new Error(`${name}: ${describe(error)}`)
  }
}

function describe(error: unknown): string {
  if (!(error instanceof ApiError)) return errorMessage(error)
  // getCompanyToken wraps every failure as a 500 'maintenance'; the API's own status is in raw.
  const inner = error.raw instanceof ApiError ? error.raw : error
  const status = inner.status === undefined ? 'no response' : `HTTP ${inner.status}`
  return `${inner.code} ${inner.message} (${status})`
}

/** Services and products come from two list calls; a product listed by both is kept once. */
function mergeById<T extends { readonly id: string }>(...lists: readonly T[][]): T[] {
  const seen = new Set<string>()
  return lists.flat().filter((item) => {
    if (seen.has(item.id)) return false
    seen.add(item.id)
    return true
  })
}

/** The schemas the site shows and the items of each (decision 084). */
async function pullCollections(api: ReturnType<typeof createApi>) {
  const schemas = await api.collections.schemasPublic()
  return Promise.all(
    schemas.map(async (schema) => ({
      schema,
      items: await api.collections.itemsByType({ params: { type: schema.type } }),
    })),
  )
}

/**
 * The library pictures behind the content's image addresses (decision 091), so the pages draw
 * them as responsive <picture>s.
 */
async function pullMedia(api: ReturnType<typeof createApi>, content: unknown) {
  const batches = chunks(imageAddresses(content), MAX_RESOLVE_URLS)
  const answers = await Promise.all(batches.map((urls) => api.media.resolve({ body: { urls } })))
  return answers.flat()
}

/**
 * One tenant's data through the typed client (docs/product/7-calls.md startup, then the lists the pages need),
 * validated as a whole into a SiteSnapshot. Never throws: a tenant that fails is reported by the
 * caller and keeps its last good site.
 */
export async function pullSnapshot(host: string, context: ApiContext): Promise<PullResult> {
  try {
    const { token, company } = await step('company', () =>
      createApi(context).startup.companyOfHost(host),
    )
    const api = createApi({ ...context, companyToken: token })
    const [shops, categories, services, products, eshopCategories] = await Promise.all([
      step('shops', () => api.shops.list()),
      step('categories', () => api.categories.list()),
      step('articles', () => api.articles.list({ query: {} })),
      step('products', () => api.articles.list({ query: { type: '2' } })),
      step('eshop categories', () => api.eshop.categories()),
    ])
    const [posts, postCategories, events, alerts, coupons] = await Promise.all([
      step('posts', () => api.content.postsList()),
      step('post categories', () => api.content.postCategoriesList()),
      step('events', () => api.content.eventsList()),
      step('alerts', () => api.content.alertsList()),
      step('coupons', () => api.content.couponsList()),
    ])
    const collections = await step('collections', () => pullCollections(api))
    const articles = mergeById(services, products)
    const content = { company, shops, categories, articles, posts, events, collections }
    const media = await step('media', () => pullMedia(api, content))
    const candidate = {
      host,
      companyToken: token,
      company,
      shops,
      categories,
      articles,
      eshopCategories,
    }
    const parsed = siteSnapshot.safeParse({
      ...candidate,
      ...{ posts, postCategories, events, alerts, coupons, collections, media },
    })
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3)
      const text = issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
      return { ok: false, host, error: `invalid snapshot: ${text}` }
    }
    return { ok: true, host, snapshot: parsed.data }
  } catch (error) {
    return { ok: false, host, error: errorMessage(error) }
  }
}

/** Pulls many tenants, a few at a time: the API is one process and the build should not flood it. */
export function pullAll(
  hosts: readonly string[],
  context: ApiContext,
  concurrency = 4,
): Promise<PullResult[]> {
  return runPool(hosts, concurrency, (host) => pullSnapshot(host, context))
}
