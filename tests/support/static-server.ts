import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { type HeaderRule, parseHeaders } from '#site/headers/headers-file'
import { readSnapshot, snapshotDir, snapshotFile } from '#site/snapshots'
import { siteHeadersText } from '../../scripts/build-sites/site-headers'
import { rulePath, securityHeaders } from '../../scripts/serve/security-headers'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

export interface RunningServer {
  url: string
  close(): Promise<void>
}

/**
 * The security headers the sites server would send for `/<host>/<path>` of a plain Astro build
 * (decision 019): the same rules, computed from the built folder and the snapshot the build
 * read (SITES_SNAPSHOT_DIR), as scripts/build-sites writes them to `_headers`.
 */
function headersOf(root: string) {
  const rules = new Map<string, Promise<HeaderRule[] | undefined>>()
  const rulesOf = (host: string) => {
    let found = rules.get(host)
    if (!found) {
      const file = snapshotFile(snapshotDir(), host)
      found = stat(file).then(
        async () => parseHeaders(await siteHeadersText(join(root, host), readSnapshot(host))),
        () => undefined,
      )
      rules.set(host, found)
    }
    return found
  }
  return async (req: IncomingMessage, pathname: string) => {
    const [host = '', ...rest] = pathname.split('/').filter(Boolean)
    const siteRules = host.includes('.') ? await rulesOf(host) : undefined
    return securityHeaders(req, siteRules, rulePath(rest, pathname))
  }
}

/** Serves a built folder on a free loopback port, for tests only, with the sites' headers. */
export async function serveStatic(root: string): Promise<RunningServer> {
  const headers = headersOf(root)
  const server: Server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname
    const security = await headers(req, pathname)
    const path = normalize(decodeURIComponent(pathname))
    let file = join(root, path)
    if (!file.startsWith(root)) return void res.writeHead(403).end()
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html')
      await stat(file)
    } catch {
      return void res.writeHead(404, security).end('not found')
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    res.writeHead(200, { ...security, 'content-type': type })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
