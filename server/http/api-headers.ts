import type { MiddlewareHandler } from 'hono'
import { siteOriginHost } from '#domain/web/origins.ts'

/**
 * The headers every API answer carries (docs/decisions/020-api-headers.md):
 * `nosniff`; `Cache-Control: no-store` except on the public image paths whose handler sets its
 * own public cache; and CORS for the tenant's own site and the back office only. The sites reach
 * the API same-origin through their `/api` proxy, so CORS is for a browser on the company's host
 * calling the API directly. No credentials: the session is the `Authorization: Bearer` header,
 * never a cookie, so Access-Control-Allow-Credentials is never sent.
 */
export interface ApiHeadersOptions {
  /** Exact origins allowed for every company (the back office). */
  readonly backofficeOrigins: readonly string[]
  /** The host of the company a `company` header names; undefined when unknown. */
  readonly companyHost: (token: string) => Promise<string | undefined>
  /** Whether some company is served at this host (a preflight does not say which company). */
  readonly isCompanyHost: (host: string) => Promise<boolean>
}

/**
 * Paths whose handler sets a public cache on purpose: tenant images (server/routes/storage) and
 * the media library's files (server/routes/medias, docs/decisions/081-media-storage.md).
 */
const PUBLIC_CACHE_PATH = /^\/(?:storage|media)\//

export const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE'
/** The request headers of docs/product/7-calls.md a client sends (src/api/headers.ts); accept is safelisted. */
export const CORS_HEADERS = 'authorization, company, content-type, curlang, previewtheme'
const PREFLIGHT_MAX_AGE = '600'

export function apiHeaders(options: ApiHeadersOptions): MiddlewareHandler {
  const backoffice = new Set(options.backofficeOrigins)

  /**
   * A preflight carries no company header value, nor does a call made before the company is
   * known (the token by host): the back office or any company's host.
   */
  async function allowsAnyCompany(origin: string): Promise<boolean> {
    if (backoffice.has(origin)) return true
    const host = siteOriginHost(origin)
    return host !== undefined && (await options.isCompanyHost(host))
  }

  /** A request naming a company: the back office, or that company's host only. */
  async function allowsRequest(origin: string, company: string | undefined): Promise<boolean> {
    if (company === undefined || company.trim() === '') return allowsAnyCompany(origin)
    if (backoffice.has(origin)) return true
    const host = siteOriginHost(origin)
    return host !== undefined && host === (await options.companyHost(company))
  }

  return async (c, next) => {
    const origin = c.req.header('origin')
    if (c.req.method === 'OPTIONS' && origin && c.req.header('access-control-request-method')) {
      const headers = new Headers({
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
      })
      if (await allowsAnyCompany(origin)) {
        headers.set('access-control-allow-origin', origin)
        headers.set('access-control-allow-methods', CORS_METHODS)
        headers.set('access-control-allow-headers', CORS_HEADERS)
        headers.set('access-control-max-age', PREFLIGHT_MAX_AGE)
      }
      // A foreign origin gets the same 204 without any allow header: the browser refuses.
      return c.body(null, 204, Object.fromEntries(headers))
    }

    await next()
    const headers = c.res.headers
    headers.set('x-content-type-options', 'nosniff')
    if (!(PUBLIC_CACHE_PATH.test(c.req.path) && headers.has('cache-control'))) {
      headers.set('cache-control', 'no-store')
    }
    headers.append('vary', 'Origin')
    if (origin && (await allowsRequest(origin, c.req.header('company')))) {
      headers.set('access-control-allow-origin', origin)
    }
    return undefined
  }
}
