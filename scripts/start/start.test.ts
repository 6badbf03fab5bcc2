import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../shared/ports'

// `npm start` as a user runs it (the entry in a child process), on free ports and temp folders.
const entry = fileURLToPath(new URL('./index.ts', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'storefront-start-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

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

describe('npm start', () => {
  it('runs the API, builds the demo tenants, serves them, and stops everything on SIGTERM', {
    timeout: 240_000,
  }, async () => {
    const [port, apiPort] = [await freePort(), await freePort()]
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
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    await waitFor(() => output, /Storefront running/, 200_000)
    expect(output).toContain(`http://maison-lumiere.localhost:${port}/`)
    expect(output).toMatch(/3 tenants, \d+ pages, 0 failed/)
    // the development launcher: its notifier says it prints messages instead of sending them
    expect(output).toContain('notify: development notifier (NODE_ENV=development)')
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
})
