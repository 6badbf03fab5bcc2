import type { RouteSpec } from '#server/http/route.ts'
import { openApiDocument } from './document.ts'
import { referencePage } from './reference-page.ts'

/**
 * GET /api/openapi.json and GET /api/reference: the API described from its contract
 * (docs/architecture.md#contracts-and-calls), generated once per process. Public, no company
 * header: it describes every tenant alike.
 */
const DOC_PATH = '/api/openapi.json'
const PAGE_PATH = '/api/reference'
const VERSION = '0.1.0'
// the page has no script; its own inline style block is all it needs
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"

let cached: { doc: Record<string, unknown>; page: string } | undefined
function built() {
  if (!cached) {
    const doc = openApiDocument(VERSION)
    cached = { doc, page: referencePage(doc) }
  }
  return cached
}

export const openApiRoutes: RouteSpec[] = [
  {
    path: DOC_PATH,
    register(app) {
      app.get(DOC_PATH, (c) => c.json(built().doc, 200, { 'cache-control': 'public, max-age=300' }))
    },
  },
  {
    path: PAGE_PATH,
    register(app) {
      app.get(PAGE_PATH, (c) =>
        c.html(built().page, 200, {
          'cache-control': 'public, max-age=300',
          'content-security-policy': PAGE_CSP,
        }),
      )
    },
  },
]
