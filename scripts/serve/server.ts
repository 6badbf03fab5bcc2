import { existsSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { CACHE_IMMUTABLE, CACHE_NONE, CACHE_REVALIDATE } from '#site/headers/cache-rules'
import { pageHeaders } from '#site/headers/csp'
import { HEADERS_FILE, type HeaderRule } from '#site/headers/headers-file'
import { STUDIO_PATTERNS } from '#site/headers/site-rules'
import { swapMarker } from '../build-sites/publish-atomic'
import { STUDIO_DIR } from '../build-studio/build-studio'
import { errorMessage } from '../shared/paths'
import { folderId, isMissing } from './folder-id'
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
import { type SendOptions, sendFile, sendJson, sendText } from './static-files'

export interface ServeOptions extends PublishHookContext {
  /** dist/sites: <host>/, _astro/, _public/, _maintenance/ (scripts/build-sites/publish-shared.ts) */
  readonly sitesDir: string
  readonly apiUrl: string
}

/**
 * An unknown host gets the maintenance page (docs/product/2-screens.md: the company cannot be identified) with
 * 503 and Retry-After: the site may exist later, crawlers should not index the page, and the
 * page itself returns home once the company answers.
 */
function maintenance(
  request: IncomingMessage,
  sitesDir: string,
  segments: readonly string[],
): Answer {
  const file = maintenancePage(join(sitesDir, '_maintenance'), segments)
  const path = rulePath(segments, request.url ?? '/')
  const headers = { ...securityHeaders(request, undefined, path), 'retry-after': '300' }
  if (file) return { file, options: { status: 503, cache: CACHE_NONE, headers } }
  return { text: 'This site is under maintenance.', status: 503 }
}

/**
 * A publish swaps a tenant's folder by two renames (scripts/build-sites/publish-atomic.ts), from
 * another thread or process: for microseconds (milliseconds on a busy machine) the folder is
 * missing, and a request read half before and half after reads two folders. So the answer is
 * looked up, then the folder's identity is compared with the one seen first; when it changed, or
 * a file went missing before it was opened, the request looks again this much later. A missing
 * folder whose swap marker is there is waited for the same way. Never the maintenance page or a
 * 404 of a site that exists, nor a 500; an unknown host still gets its page at once (decision 026).
 */
const SWAP_RETRY_MS = 15
/** A marker left by a publisher that died mid-swap delays a request this long, never more. */
const MARKER_WAIT_MS = 300
/**
 * A folder that keeps moving is a publisher at work (publishes one after another): looked up
 * again for this long. Counted in time, not in tries: on a loaded machine a look-up can last as
 * long as the gap between two swaps, and a fixed number of tries could all fall on one.
 */
const MOVING_WAIT_MS = 2_000

/** What a request is answered with: a file, or a short text. */
type Answer =
  | { readonly file: string; readonly options: SendOptions }
  | { readonly text: string; readonly status: number }

/**
 * The answer from the sites folder, looked up without sending anything. `siteDir` is the host's
 * folder when it has one, undefined for a host no tenant has.
 */
function lookUp(
  request: IncomingMessage,
  pathname: string,
  sitesDir: string,
  siteDir: string | undefined,
  segments: readonly string[],
): Answer {
  // decision 019: the site's _headers is applied to its responses, never served
  const hidden = segments.length === 1 && segments[0] === HEADERS_FILE
  const rules = siteDir ? siteRules(siteDir) : undefined
  const headers = securityHeaders(request, rules, rulePath(segments, pathname))
  const revalidate = { cache: CACHE_REVALIDATE, headers }
  // the platform screen (and its assets) answers on every host: a fresh deployment has no
  // tenant host yet (docs/decisions/085-company-creation.md)
  const platform = segments[1] === 'platform' || segments[1] === '_astro'
  const studio =
    siteDir || platform ? studioFile(request, sitesDir, segments, pathname, rules) : undefined
  if (studio) return studio
  const own = siteDir && !hidden ? findFile(siteDir, segments) : undefined
  if (own) return { file: own, options: revalidate }
  const shared =
    segments.length > 0 && !hidden ? findFile(join(sitesDir, '_public'), segments) : undefined
  if (shared) return { file: shared, options: revalidate }
  if (!siteDir) return maintenance(request, sitesDir, segments)
  const detail = detailPage(siteDir, segments)
  if (detail) return { file: detail, options: revalidate }
  const page = notFoundPage(siteDir, segments)
  if (!page) return { text: 'Not found.', status: 404 }
  return { file: page, options: { ...revalidate, status: 404 } }
}

/** The address of the studio on every tenant host (docs/decisions/071-studio-app.md). */
const STUDIO_PATH = 'studio'

/**
 * /studio/* of a tenant host: the one studio build (dist/sites/_studio), the same for every
 * tenant, under the studio rule of the host's `_headers` (site-rules.ts STUDIO_PATTERNS: the
 * site's origins, and it may frame its own host's site for the theme preview), as a CDN
 * applies it; without one (the platform screen on a host with no site, a site built before
 * the rule) the strictest default policy, framing its own host only. Its hashed assets are
 * immutable, its pages revalidated.
 */
function studioFile(
  request: IncomingMessage,
  sitesDir: string,
  segments: readonly string[],
  pathname: string,
  siteRules: readonly HeaderRule[] | undefined,
): Answer | undefined {
  if (segments[0] !== STUDIO_PATH) return undefined
  const file = findFile(join(sitesDir, STUDIO_DIR), segments.slice(1))
  if (!file) return undefined
  const studioRule = siteRules?.some((rule) => rule.pattern === STUDIO_PATTERNS[1])
  const studioPolicy = () => pageHeaders({ framesOwnSite: true })
  const path = rulePath(segments, pathname)
  const headers = securityHeaders(request, studioRule ? siteRules : undefined, path, studioPolicy)
  const cache = segments[1] === '_astro' ? CACHE_IMMUTABLE : CACHE_REVALIDATE
  return { file, options: { cache, headers } }
}

function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  options: ServeOptions,
  since = performance.now(),
) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD')
    return sendText(response, 405, 'Method not allowed.')
  }
  const pathname = (request.url ?? '/').split('?')[0] ?? '/'
  const segments = safeSegments(pathname)
  if (!segments) return sendText(response, 400, 'Bad path.')
  // Content-hashed assets, shared by every tenant (and the maintenance page): merged file by
  // file, never swapped, so they need none of the swap checks below.
  if (segments[0] === '_astro') {
    const asset = findFile(join(options.sitesDir, '_astro'), segments.slice(1))
    if (asset) return sendFile(request, response, asset, { cache: CACHE_IMMUTABLE })
  }
  const host = hostFromHeader(request.headers.host)
  const siteDir = host === undefined ? undefined : join(options.sitesDir, host)
  const again = () =>
    setTimeout(
      () =>
        guarded(options, request, response, () => serveStatic(request, response, options, since)),
      SWAP_RETRY_MS,
    )
  const waited = performance.now() - since
  const seen = siteDir === undefined ? undefined : folderId(siteDir)
  const swapping = () => host !== undefined && existsSync(swapMarker(options.sitesDir, host))
  // a host without a folder: no tenant (the maintenance page), or one being swapped (wait)
  if (seen === undefined && waited < MARKER_WAIT_MS && swapping()) return again()
  const moved = () => waited < MOVING_WAIT_MS && siteDir !== undefined && folderId(siteDir) !== seen
  try {
    const site = seen === undefined ? undefined : siteDir
    const answer = lookUp(request, pathname, options.sitesDir, site, segments)
    if (moved()) return again()
    if ('text' in answer) return sendText(response, answer.status, answer.text)
    sendFile(request, response, answer.file, answer.options)
  } catch (error) {
    if (isMissing(error) && moved()) return again()
    throw error
  }
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
