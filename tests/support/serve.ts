import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createPublishStamps } from '../../scripts/serve/publish-stamps'
import { createRebuildQueue, type RebuildQueue } from '../../scripts/serve/queue'
import { createReplayGuard } from '../../scripts/serve/replay-guard'
import { createServeServer } from '../../scripts/serve/server'

/** A dist/sites tree in a temp folder: `files` maps relative paths to contents. */
export function makeSites(files: Readonly<Record<string, string>>): {
  dir: string
  remove(): void
} {
  const dir = mkdtempSync(join(tmpdir(), 'serve-test-'))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export interface TestServe {
  readonly port: number
  readonly queue: RebuildQueue
  readonly built: string[]
  close(): Promise<void>
}

/** The real serve handler on a free loopback port, with a fake builder that records hosts. */
export async function startTestServe(
  sitesDir: string,
  { apiUrl = 'http://127.0.0.1:9', secret = 'test-secret' } = {},
): Promise<TestServe> {
  const built: string[] = []
  const stateDir = mkdtempSync(join(tmpdir(), 'serve-state-'))
  const stamps = createPublishStamps(stateDir)
  const queue = createRebuildQueue(
    stamps.tracking(async (host) => {
      built.push(host)
      return true
    }),
  )
  const guard = createReplayGuard({ file: join(stateDir, 'seen-deliveries') })
  const server = createServeServer({
    sitesDir,
    apiUrl,
    secret,
    queue,
    guard,
    stamps,
    log: () => undefined,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    queue,
    built,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }).finally(() => rmSync(stateDir, { recursive: true, force: true })),
  }
}

export interface RawAnswer {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: string
}

/** A request sent byte for byte (no URL normalisation, any Host header). */
export function raw(
  port: number,
  path: string,
  { host = 'a.localhost', method = 'GET', headers = {}, body = '' } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { host, ...headers } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}
