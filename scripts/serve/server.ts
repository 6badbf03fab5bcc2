import { existsSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { CACHE_IMMUTABLE, CACHE_NONE, CACHE_REVALIDATE } from '#site/headers/cache-rules'
import { HEADERS_FILE } from '#site/headers/headers-file'
import { errorMessage } from '../shared/paths'
import { handlePublishHook, PUBLISH_HOOK_PATH, type PublishHookContext } from './hooks'
import {
  detailPage,
  findFile,
  hostFromHeader,
  maintenancePage,
  notFoundPage,
  safeSegments,
} from './host-map'
import { isProxied, proxyToApi } from './proxy'
import { rulePath, securityHeaders, siteRules } from './security-headers'
import { sendFile, sendJson, sendText } from './static-files'

export interface ServeOptions extends PublishHookContext {
  /** dist/sites: <host>/, _astro/, _public/, _maintenance/ (scripts/build-sites/publish-shared.ts) */
  readonly sitesDir: string
  readonly apiUrl: string
}

const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory()

/**
 * An unknown host gets the maintenance page (docs/product/2-screens.md: the company cannot be identified) with
 * 503 and Retry-After: the site may exist later, crawlers should not index the page, and the
 * page itself returns home once the company answers.
 */
function maintenance(
  request: IncomingMessage,
  response: ServerResponse,
  sitesDir: string,
  segments: readonly string[],
): void {
  const page = maintenancePage(join(sitesDir, '_maintenance'), segments)
  const path = rulePath(segments, request.url ?? '/')
  const headers = { ...securityHeaders(request, undefined, path), 'retry-after': '300' }
  if (page) sendFile(request, response, page, { status: 503, cache: CACHE_NONE, headers })
  else sendText(response, 503, 'This site is under maintenance.')
}

/**
 * A publish swaps a tenant's folder by two renames (scripts/build-sites/publish-atomic.ts):
 * between them, for microseconds, the folder is missing. A request that falls there looks again
 * this much later rather than showing the maintenance page of a site that exists (decision 026).
 */
const SWAP_RETRY_MS = 15

function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  options: ServeOptions,
  retried = false,
) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD')
    return sendText(response, 405, 'Method not allowed.')
  }
  const pathname = (request.url ?? '/').split('?')[0] ?? '/'
  const segments = safeSegments(pathname)
  if (!segments) return sendText(response, 400, 'Bad path.')
  const { sitesDir } = options

  // Content-hashed assets, shared by every tenant (and the maintenance page).
  if (segments[0] === '_astro') {
    const asset = findFile(join(sitesDir, '_astro'), segments.slice(1))
    if (asset) return sendFile(request, response, asset, { cache: CACHE_IMMUTABLE })
  }
  const host = hostFromHeader(request.headers.host)
  const siteDir = host === undefined ? undefined : join(sitesDir, host)
  const known = siteDir !== undefined && isDir(siteDir)
  if (siteDir !== undefined && !known && !retried) {
    setTimeout(
      () =>
        guarded(options, request, response, () => serveStatic(request, response, options, true)),
      SWAP_RETRY_MS,
    )
    return
  }
  // decision 019: the site's _headers is applied to its responses, never served
  const hidden = segments.length === 1 && segments[0] === HEADERS_FILE
  const rules = known ? siteRules(siteDir) : undefined
  const headers = securityHeaders(request, rules, rulePath(segments, pathname))
  const own = known && !hidden ? findFile(siteDir, segments) : undefined
  if (own) return sendFile(request, response, own, { cache: CACHE_REVALIDATE, headers })
  const shared =
    segments.length > 0 && !hidden ? findFile(join(sitesDir, '_public'), segments) : undefined
  if (shared) return sendFile(request, response, shared, { cache: CACHE_REVALIDATE, headers })
  if (!known) return maintenance(request, response, sitesDir, segments)
  const detail = detailPage(siteDir, segments)
  if (detail) return sendFile(request, response, detail, { cache: CACHE_REVALIDATE, headers })

  const page = notFoundPage(siteDir, segments)
  if (!page) return sendText(response, 404, 'Not found.')
  sendFile(request, response, page, { status: 404, cache: CACHE_REVALIDATE, headers })
}

/** Runs `serve`, turning a throw into a 500 (or a cut connection once the headers left). */
function guarded(
  options: ServeOptions,
  request: IncomingMessage,
  response: ServerResponse,
  serve: () => void,
): void {
  try {
    serve()
  } catch (error) {
    options.log(`serve error on ${request.url ?? '/'}: ${errorMessage(error)}`)
    if (!response.headersSent) sendText(response, 500, 'Server error.')
    else response.destroy()
  }
}

/**
 * The sites server: Host header -> dist/sites/<host>/, /api (and the other API prefixes) proxied
 * to the API, publish webhooks -> the rebuild queue. node:http only.
 */
export function createServeServer(options: ServeOptions): Server {
  return createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/'
    guarded(options, request, response, () => {
      if (pathname === PUBLISH_HOOK_PATH) {
        handlePublishHook(request, response, options).catch((error: unknown) => {
          options.log(`publish hook error: ${errorMessage(error)}`)
          if (!response.headersSent) sendJson(response, 400, { code: 400, message: 'Bad request.' })
        })
        return
      }
      if (isProxied(pathname)) return proxyToApi(request, response, options.apiUrl)
      serveStatic(request, response, options)
    })
  })
}
