import { type ChildProcess, spawn } from 'node:child_process'
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../shared/ports'

// `npm start` as a user runs it (the entry in a child process), on free ports and temp folders.
const entry = fileURLToPath(new URL('./index.ts', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'storefront-start-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
// a test that fails before its SIGTERM must not leave its product on the next one's ports
const started: ChildProcess[] = []
afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
})

function statusOf(port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    }).on('error', reject)
  })
}

/** The pids of a process's children (Linux /proc). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitFor(read: () => string, pattern: RegExp, ms: number): Promise<void> {
  const until = Date.now() + ms
  while (!pattern.test(read())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}:\n${read()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** `npm start` in a child process on the given ports, over the suite's folders. */
function startProduct(port: number, apiPort: number) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      PGLITE_DIR: join(dir, 'pglite'),
      SITES_DIST_DIR: join(dir, 'sites'),
      SITES_SNAPSHOT_DIR: join(dir, 'snapshots'),
      SITES_WORK_DIR: join(dir, 'work'),
      DATABASE_URL: '',
      PUBLISH_WEBHOOK_SECRET: '',
      PUBLISH_WEBHOOK_URLS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { child, output: () => output, exited }
}

/** A GET's status and body; a refused connection (not listening yet) is status 0. */
function fetchPage(port: number, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    get({ host: '127.0.0.1', port, path: '/', headers: { host } }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    }).on('error', () => resolve({ status: 0, body: '' }))
  })
}

/** The ports of the first start, reused by the restart. */
let ports: { port: number; apiPort: number } | undefined

describe('npm start', () => {
  it('runs the API, builds the demo tenants, serves them, and stops everything on SIGTERM', {
    timeout: 240_000,
  }, async () => {
    const [port, apiPort] = [await freePort(), await freePort()]
    ports = { port, apiPort }
    const { child, output: read, exited } = startProduct(port, apiPort)
    await waitFor(read, /Storefront running/, 200_000)
    expect(read()).toContain(`http://maison-lumiere.localhost:${port}/`)
    expect(read()).toMatch(/3 tenants, \d+ pages, 0 failed/)
    // decision 074: a first start (no database folder yet) serves the tenants rendered from
    // tenants/ before it builds them again from the API. Which tenants make it before the API
    // answers is the machine's speed (the smallest comes first), but the API waits for one.
    const log = read()
    const fromApi = log.indexOf('first build of 3 tenant(s)')
    expect(log.indexOf('first start: 3 tenant(s)')).toBeGreaterThan(-1)
    const seeded = /first start: served from the seed: ([^;\n]*)/.exec(log)?.[1] ?? ''
    const hosts = seeded.split(', ').filter((host) => host.endsWith('.localhost'))
    expect(hosts.length).toBeGreaterThan(0)
    for (const host of hosts) {
      expect(log.indexOf(`${host}  published`)).toBeGreaterThan(-1)
      expect(log.indexOf(`${host}  published`)).toBeLessThan(fromApi)
    }
    // the development launcher: its notifier says it prints messages instead of sending them
    expect(read()).toContain('notify: development notifier (NODE_ENV=development)')
    expect(await statusOf(port, '/', 'maison-lumiere.localhost')).toBe(200)
    expect(await statusOf(port, '/en/', 'bains-du-lac.localhost')).toBe(200)
    expect(await statusOf(port, '/', 'nobody.localhost')).toBe(503)
    expect(await statusOf(port, '/api/health', 'maison-lumiere.localhost')).toBe(200)

    // the serve process keeps a build process ready: it must not outlive npm start
    const pid = child.pid ?? 0
    const kids = childrenOf(pid)
    expect(kids.length).toBeGreaterThan(0)
    child.kill('SIGTERM')
    expect(await exited).toBe(143)
    expect(kids.filter(alive)).toEqual([])
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false)
  })

  it('on a restart, serves the last build before its first build is done, then the new one (decision 026)', {
    timeout: 240_000,
  }, async () => {
    if (!ports) throw new Error('needs the first start of this file')
    const { port, apiPort } = ports
    // The last build, marked so that the rebuilt page (from the API's data) differs from it.
    const marker = '<!-- the last build -->'
    appendFileSync(join(dir, 'sites', 'maison-lumiere.localhost', 'index.html'), marker)
    const { child, output, exited } = startProduct(port, apiPort)
    let first: { status: number; body: string } = { status: 0, body: '' }
    while (first.status !== 200) {
      first = await fetchPage(port, 'maison-lumiere.localhost')
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output()}`)
      if (first.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // The order of events, not a duration: the first 200 is the last build, and came before
    // the first build ended (its summary line is printed when it does).
    const atFirst200 = output()
    expect(first.body).toContain(marker)
    expect(atFirst200).not.toMatch(/3 tenants, \d+ pages/)
    expect(atFirst200).not.toContain('Storefront running')
    // the database folder exists: not a first start, nothing rendered from tenants/
    expect(atFirst200).not.toContain('first start')
    // Until the rebuilt site is live, every answer is a whole site: the old one or the new one.
    const seen = new Set<string>()
    while (!/Storefront running/.test(output())) {
      const page = await fetchPage(port, 'maison-lumiere.localhost')
      expect(page.status).toBe(200)
      seen.add(page.body.includes(marker) ? 'last' : 'new')
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output()}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(output()).toMatch(/3 tenants, \d+ pages, 0 failed/)
    const after = await fetchPage(port, 'maison-lumiere.localhost')
    expect(after.status).toBe(200)
    expect(after.body).not.toContain(marker)
    expect(seen.has('last')).toBe(true)
    child.kill('SIGTERM')
    expect(await exited).toBe(143)
  })
})
