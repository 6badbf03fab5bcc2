import { readFile } from 'node:fs/promises'
import type { RouteSpec } from '#server/http/route.ts'
import { badRequest, notFound } from '#server/kernel/index.ts'
import { findImage } from './files.ts'

/**
 * GET /storage/<host>/images/<file>: the images of tenants/<host>/images (TENANTS_DIR), which
 * the demo data references as '/storage/<host>/images/x.svg' and the serve process proxies.
 * Not a call of the contract (no company header: the host is in the path). Names are not
 * content-hashed, so the cache is long but not `immutable`: a day fresh, a week stale while
 * revalidating, then an ETag round trip.
 */
const PATH = '/storage/:host/images/:file'
const CACHE = 'public, max-age=86400, stale-while-revalidate=604800'
/**
 * Tenant SVGs may hold scripts: opened directly, on the tenant's own origin behind the proxy,
 * they would run there. This policy leaves an image document no script and no origin.
 */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

export const storageRoutes: RouteSpec[] = [
  {
    path: PATH,
    register(app) {
      app.get(PATH, async (c) => {
        const host = c.req.param('host').toLowerCase()
        const found = await findImage(c.var.deps.config.tenantsDir, host, c.req.param('file'))
        if (found.kind === 'invalid') throw badRequest('Invalid image path.', 'invalidInput')
        if (found.kind === 'missing') throw notFound('No such image.')
        const etag = `W/"${found.size.toString(16)}-${Math.floor(found.mtime.getTime()).toString(16)}"`
        const headers = {
          'cache-control': CACHE,
          etag,
          'last-modified': found.mtime.toUTCString(),
          'x-content-type-options': 'nosniff',
          'content-security-policy': IMAGE_CSP,
        }
        if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
        const bytes = await readFile(found.path)
        return c.body(bytes, 200, { ...headers, 'content-type': found.type })
      })
    },
  },
]
