import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { fixturesDir } from '#server/test/harness.ts'

// docs/decisions/015-crash-safety.md: `npm run api` on a PGlite directory, killed with -9 (no
// handler runs, the lock file stays), restarted at once: it must answer with no one deleting a
// file.
const entry = fileURLToPath(new URL('./index.ts', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'storefront-crash-'))
const running: ChildProcess[] = []
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

function start(pgliteDir: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      PORT: '0',
      PGLITE_DIR: pgliteDir,
      TENANTS_DIR: fixturesDir,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  let output = ''
  const add = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout?.on('data', add)
  child.stderr?.on('data', add)
  return { child, output: () => output }
}

async function waitFor(read: () => string, pattern: RegExp, ms = 90_000): Promise<RegExpExecArray> {
  const until = Date.now() + ms
  for (;;) {
    const match = pattern.exec(read())
    if (match) return match
    if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}; output:\n${read()}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

const listening = /API listening on (http:\/\/127\.0\.0\.1:\d+)/

describe('API crash and restart on PGlite', () => {
  it('refuses a second process while the first lives, and restarts after a kill -9 with its data', {
    timeout: 180_000,
  }, async () => {
    const pgliteDir = join(dir, 'pglite')
    const first = start(pgliteDir)
    const [, firstUrl] = await waitFor(first.output, listening)
    expect((await fetch(`${firstUrl}/api/health`)).status).toBe(200)

    // Two processes on one PGlite directory corrupt it: the second is refused, clearly.
    const second = start(pgliteDir)
    expect(await exited(second.child)).toBe(1)
    expect(second.output()).toContain(
      `API failed to start: PGlite data directory ${pgliteDir} is in use by process ${first.child.pid}: stop it first, or use DATABASE_URL`,
    )
    expect((await fetch(`${firstUrl}/api/health`)).status).toBe(200)

    const killed = exited(first.child)
    first.child.kill('SIGKILL')
    await killed
    expect(readFileSync(`${pgliteDir}.lock`, 'utf8')).toMatch(new RegExp(`^${first.child.pid}\n`))

    // How fast is a figure, not a check (decision 015): on this 2-core machine it is 5-7 s in its
    // slow hours and under half that in its fast ones, so a timed assertion here only measured
    // the hour. The time is logged; the restart must come, with its data.
    const startedAt = Date.now()
    const third = start(pgliteDir)
    const [, url] = await waitFor(third.output, listening, 60_000)
    const health = await fetch(`${url}/api/health`)
    console.log(`restart after kill -9: answered in ${Date.now() - startedAt} ms`)
    expect(health.status).toBe(200)
    // The data survived: the seeded tenant answers, and it was not seeded a second time.
    expect(third.output()).not.toMatch(/seed alpha/)
    const company = await fetch(`${url}/api/companies/token/host/alpha.localhost`)
    expect(company.status).toBe(200)

    // kill -9 again, and the recorded pid now runs another process (a container restarting its
    // processes in the same order): here this test's own pid, with the dead API's identity.
    const killedAgain = exited(third.child)
    third.child.kill('SIGKILL')
    await killedAgain
    const [, identity] = readFileSync(`${pgliteDir}.lock`, 'utf8').split('\n')
    writeFileSync(`${pgliteDir}.lock`, `${process.pid}\n${identity}\n`)
    const fourth = start(pgliteDir)
    const [, fourthUrl] = await waitFor(fourth.output, listening, 60_000)
    expect((await fetch(`${fourthUrl}/api/health`)).status).toBe(200)
    const stopped = exited(fourth.child)
    fourth.child.kill('SIGTERM')
    expect(await stopped).toBe(0)
  })

  it('seeds every tenant at the restart after a kill -9 during the first seed', {
    timeout: 120_000,
  }, async () => {
    const pgliteDir = join(dir, 'seeding')
    const first = start(pgliteDir)
    // The first tenant is written, the others not yet (tenants are seeded in name order).
    await waitFor(first.output, /seed alpha\.localhost/)
    const killed = exited(first.child)
    first.child.kill('SIGKILL')
    await killed
    expect(first.output()).not.toMatch(/API listening/)

    const second = start(pgliteDir)
    const [, url] = await waitFor(second.output, listening)
    for (const host of ['alpha.localhost', 'beta.localhost']) {
      const answer = await fetch(`${url}/api/companies/token/host/${host}`)
      expect({ host, status: answer.status }).toEqual({ host, status: 200 })
    }
    const stopped = exited(second.child)
    second.child.kill('SIGTERM')
    expect(await stopped).toBe(0)
  })
})
