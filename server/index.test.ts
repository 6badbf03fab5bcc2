import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { fixturesDir, freshDatabase } from '#server/test/harness.ts'

// `npm run api` as a user runs it: the entry file in a child process, stopped by a signal.
const entry = fileURLToPath(new URL('./index.ts', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'storefront-api-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function start(pgliteDir: string, databaseUrl = ''): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      PORT: '0',
      PGLITE_DIR: pgliteDir,
      TENANTS_DIR: fixturesDir,
      DATABASE_URL: databaseUrl,
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
  return { child, output: () => output }
}

async function waitFor(read: () => string, pattern: RegExp, ms = 60_000): Promise<RegExpExecArray> {
  const until = Date.now() + ms
  for (;;) {
    const match = pattern.exec(read())
    if (match) return match
    if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}; output:\n${read()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

describe('npm run api', () => {
  it('migrates, seeds an empty database, says where it listens, logs requests, stops on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    const pgliteDir = join(dir, 'pglite')
    const first = start(pgliteDir)
    const [, url] = await waitFor(
      first.output,
      /API listening on (http:\/\/127\.0\.0\.1:\d+) \(database: PGlite at (.+)\)/,
    )
    expect(first.output()).toMatch(/seed alpha\.localhost: \d+ inserted, 0 updated, 0 unchanged/)
    expect(first.output()).toContain(`(database: PGlite at ${pgliteDir})`)
    expect(existsSync(`${pgliteDir}.lock`)).toBe(true)

    const res = await fetch(`${url}/api/health`)
    expect(res.status).toBe(200)
    await waitFor(first.output, /^GET \/api\/health 200 \d+ms$/m)

    const code = exited(first.child)
    first.child.kill('SIGTERM')
    expect(await code).toBe(0)
    expect(existsSync(`${pgliteDir}.lock`)).toBe(false)

    // The data persists: a restart on the same directory does not seed again.
    const second = start(pgliteDir)
    await waitFor(second.output, /API listening on/)
    expect(second.output()).not.toMatch(/seed alpha/)
    const stopped = exited(second.child)
    second.child.kill('SIGINT')
    expect(await stopped).toBe(0)
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'names the PostgreSQL server without its password',
    {
      timeout: 120_000,
    },
    async () => {
      const database = await freshDatabase()
      try {
        const url = new URL(database.url ?? '')
        url.password = 'not-to-be-printed'
        const api = start(join(dir, 'unused'), url.toString())
        await waitFor(api.output, /API listening on .* \(database: PostgreSQL at [^)]+\)/)
        expect(api.output()).toContain(
          `(database: PostgreSQL at ${url.hostname}:${url.port}${url.pathname})`,
        )
        expect(api.output()).not.toContain('not-to-be-printed')
        const code = exited(api.child)
        api.child.kill('SIGTERM')
        expect(await code).toBe(0)
      } finally {
        await database.drop()
      }
    },
  )
})
