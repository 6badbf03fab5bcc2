import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { type IncomingHttpHeaders, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../scripts/shared/ports'
import { exitOnSigterm } from './exit-on-sigterm'

/**
 * The product as `npm start` runs it (scripts/start in a child process: the API on embedded
 * PGlite in memory, the first build of every demo tenant, the sites server with publish webhooks
 * wired), on free loopback ports, with every folder it writes in a temp dir so the repository's
 * .data and dist stay untouched.
 */
export interface RunningProduct {
  /** The sites server's port: every tenant answers on http://<host>:<port>/. */
  readonly port: number
  /** The API, reached directly (the sites also proxy it at /api). */
  readonly apiUrl: string
  /** The published sites (SITES_DIST_DIR). */
  readonly sitesDir: string
  /** `http://<host>:<port><path>`: Chromium resolves *.localhost to loopback. */
  url(host: string, path?: string): string
  /** Everything the product printed so far. */
  output(): string
  /** Waits until the output matches `pattern` (after `from`, an offset into output()). */
  waitForOutput(pattern: RegExp, timeoutMs: number, from?: number): Promise<RegExpMatchArray>
  stop(): Promise<void>
}

const entry = fileURLToPath(new URL('../../scripts/start/index.ts', import.meta.url))

/**
 * Node's flags for a product a test starts (decision 113): V8 compiles PGlite's WebAssembly with
 * its baseline compiler only. The optimising tier-up of PostgreSQL's code cost about 5 s of CPU
 * on background threads at every start, and a test's product ends minutes later; its API thread
 * took as long with the flag as without to migrate, seed and answer the first build. A V8 flag:
 * NODE_OPTIONS refuses it, so it is an argument of the spawned Node.
 */
export const PRODUCT_NODE_FLAGS: readonly string[] = ['--liftoff-only']

export interface StartOptions {
  /** Time allowed for the API start and the first build of every demo tenant. */
  readonly timeoutMs?: number
  /** Extra environment of the product (e.g. TENANTS_DIR, STRIPE_* pointing at a local fake). */
  readonly env?: NodeJS.ProcessEnv
  /**
   * The sites server's port, when something started before the product must know its addresses
   * (the social sign-in journey's issuer registers the callback URL); else a free one.
   */
  readonly port?: number
}

export async function startProduct(options: StartOptions = {}): Promise<RunningProduct> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'))
  const [port, apiPort] = [options.port ?? (await freePort()), await freePort()]
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    API_PORT: String(apiPort),
    PGLITE_DIR: 'memory://',
    DATABASE_URL: '',
    SITES_DIST_DIR: join(dir, 'sites'),
    SITES_SNAPSHOT_DIR: join(dir, 'snapshots'),
    SITES_WORK_DIR: join(dir, 'work'),
    PUBLISH_WEBHOOK_SECRET: '',
    PUBLISH_WEBHOOK_URLS: '',
    // uploaded pictures in the run's folder, not the checkout's .data (decision 081)
    MEDIA_DIR: join(dir, 'media'),
    ...options.env,
  }
  // the product picks its tenants and its "now" itself, as `npm start` does
  delete env.SITES_TENANTS
  delete env.SITES_NOW
  const child: ChildProcess = spawn(
    process.execPath,
    [...PRODUCT_NODE_FLAGS, '--import', 'tsx', entry],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let text = ''
  const append = (chunk: Buffer) => {
    text += chunk.toString()
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  // a test run that dies or is ended must not leave the product holding its ports
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  exitOnSigterm()

  const waitForOutput = async (pattern: RegExp, timeoutMs: number, from = 0) => {
    const until = Date.now() + timeoutMs
    for (;;) {
      const match = text.slice(from).match(pattern)
      if (match) return match
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `the product exited (${child.exitCode ?? child.signalCode}):\n${tail(text)}`,
        )
      }
      if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}:\n${tail(text)}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  const stop = async () => {
    process.off('exit', killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    }
    rmSync(dir, { recursive: true, force: true })
  }

  try {
    const running = await waitForOutput(
      /Storefront running: sites on \S+, API on (\S+)/,
      options.timeoutMs ?? 240_000,
    )
    return {
      port,
      apiUrl: running[1] ?? `http://127.0.0.1:${apiPort}`,
      sitesDir: join(dir, 'sites'),
      url: (host, path = '/') => `http://${host}:${port}${path}`,
      output: () => text,
      waitForOutput,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

function tail(text: string, lines = 40): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n')
}

/**
 * The status of `path` on the sites server for `host` (node:http: fetch cannot set the Host
 * header, and Node does not resolve *.localhost names the way Chromium does).
 */
export function statusOf(port: number, host: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

/** The status and body of `path` on the sites server for `host`, as served. */
export function fetchPage(
  port: number,
  host: string,
  path: string,
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: response.headers,
        }),
      )
      response.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}
