import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { oneBuilder } from './one-builder'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function place() {
  const dir = mkdtempSync(join(tmpdir(), 'one-builder-'))
  dirs.push(dir)
  const result = join(dir, 'result')
  return {
    lock: join(dir, 'locks', 'studio.lock'),
    result,
    ready: async () => existsSync(result),
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

describe('one builder across processes', () => {
  it('builds once for callers that come at the same time; the others wait for the result', async () => {
    const { lock, result, ready } = place()
    let builds = 0
    const build = async () => {
      builds += 1
      await pause(150)
      writeFileSync(result, 'tree')
    }
    const answers = await Promise.all(
      [0, 1, 2].map(() => oneBuilder(lock, ready, build, { pollMs: 20 })),
    )
    expect(builds).toBe(1)
    expect(answers.filter(Boolean)).toHaveLength(1)
    expect(existsSync(lock)).toBe(false)
  })

  // a taken-over lock is quick; one left waited for would run into the patience
  it('takes over the lock of a builder that died', { timeout: 5_000 }, async () => {
    const { lock, result, ready } = place()
    // the pid of a process that has exited
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout
    await oneBuilder(lock, ready, async () => {}, { pollMs: 20 })
    writeFileSync(lock, gone)
    const built = await oneBuilder(lock, ready, async () => writeFileSync(result, 'tree'), {
      pollMs: 20,
      patienceMs: 600_000,
    })
    expect(built).toBe(true)
    expect(existsSync(result)).toBe(true)
  })

  it('a failed build frees the lock: the waiting caller builds', async () => {
    const { lock, result, ready } = place()
    const failing = oneBuilder(
      lock,
      ready,
      async () => {
        await pause(100)
        throw new Error('astro failed')
      },
      { pollMs: 20 },
    )
    await pause(20)
    const waiting = oneBuilder(lock, ready, async () => writeFileSync(result, 'tree'), {
      pollMs: 20,
    })
    await expect(failing).rejects.toThrow('astro failed')
    expect(await waiting).toBe(true)
    expect(existsSync(result)).toBe(true)
  })

  it('gives up waiting after its patience and builds itself', async () => {
    const { lock, result, ready } = place()
    const held = oneBuilder(lock, ready, () => pause(400), { pollMs: 20 })
    await pause(20)
    const built = await oneBuilder(lock, ready, async () => writeFileSync(result, 'tree'), {
      pollMs: 20,
      patienceMs: 100,
    })
    expect(built).toBe(true)
    await held
  })
})
