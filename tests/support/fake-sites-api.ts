import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  COLLECTION_FILES,
  LIST_FILES,
  MEDIA_FILE,
  type TenantFiles,
} from '../../scripts/shared/tenant-files'

/**
 * A stand-in for the API in build tests: a real HTTP server on loopback that answers the calls
 * pull.ts makes, for tenants read from tenants/-shaped folders, with per-tenant overrides (to
 * serve invalid data). The company header picks the tenant, as in the real API.
 */
const LISTS: Readonly<Record<string, string>> = {
  '/api/shops': LIST_FILES.shops,
  '/api/categories': LIST_FILES.categories,
  '/api/articles': LIST_FILES.articles,
  '/api/eshopcategories': LIST_FILES.eshopCategories,
  '/api/posts': LIST_FILES.posts,
  '/api/postcategories': LIST_FILES.postCategories,
  '/api/events': LIST_FILES.events,
  '/api/alerts': LIST_FILES.alerts,
  '/api/coupons': LIST_FILES.coupons,
  '/api/collections/schemas/public': COLLECTION_FILES.schemas,
}

export interface FakeApi {
  readonly url: string
  /** The data served per host; tests may edit it between runs. */
  readonly tenants: Map<string, TenantFiles>
  close(): Promise<void>
}

export async function startFakeApi(tenants: Map<string, TenantFiles>): Promise<FakeApi> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake')
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const byToken = (request.headers.company as string | undefined)?.replace(/-token$/, '') ?? ''
    const tokenOf = /^\/api\/companies\/token\/host\/([^/]+)$/.exec(url.pathname)
    if (tokenOf?.[1] !== undefined) {
      const host = decodeURIComponent(tokenOf[1])
      return tenants.has(host)
        ? reply(200, { token: `${host}-token` })
        : reply(404, { code: 'notFound', message: 'Unknown host.' })
    }
    const tenant = tenants.get(byToken)
    if (!tenant) return reply(401, { code: 'unauthorized', message: 'No company.' })
    if (url.pathname === '/api/companies/me') return reply(200, tenant['company.json'])
    if (url.pathname === '/api/medias/resolve') return resolveMedia(request, tenant, reply)
    const itemsOf = /^\/api\/collections\/items\/type\/([a-z0-9-]+)$/.exec(url.pathname)?.[1]
    if (itemsOf !== undefined) {
      const items = tenant[COLLECTION_FILES.items]
      const all: { type?: unknown }[] = Array.isArray(items) ? items : []
      return reply(
        200,
        all.filter((item) => item.type === itemsOf),
      )
    }
    const file = LISTS[url.pathname]
    if (file === undefined) return reply(404, { code: 'notFound', message: url.pathname })
    const list = tenant[file]
    const type = url.searchParams.get('type')
    if (type !== null && Array.isArray(list)) {
      return reply(
        200,
        list.filter((item: { type?: unknown }) => item.type === type),
      )
    }
    reply(200, list)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tenants,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

type Variants = { variants?: { url?: unknown }[] }

/** The tenant's library pictures (media.json) that one of the posted addresses names. */
function resolveMedia(
  request: IncomingMessage,
  tenant: TenantFiles,
  reply: (status: number, body: unknown) => void,
) {
  let text = ''
  request.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8')
  })
  request.on('end', () => {
    const urls = new Set((JSON.parse(text || '{}') as { urls?: string[] }).urls ?? [])
    const all = tenant[MEDIA_FILE]
    const list: Variants[] = Array.isArray(all) ? all : []
    reply(
      200,
      list.filter((m) => m.variants?.some((v) => urls.has(String(v.url)))),
    )
  })
}
