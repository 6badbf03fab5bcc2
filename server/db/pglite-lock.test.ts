import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { until } from '#server/test/instances.ts'
import { DirectoryInUseError, lockDirectory, parseOwner, processIdentity } from './pglite-lock.ts'

const root = mkdtempSync(join(tmpdir(), 'pglite-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let n = 0
const freshDir = () => join(root, `db${++n}`)

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

/** A live process that is not this one (its pid is alive, its identity is its own). */
async function otherProcess(): Promise<number> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' })
  children.push(child)
  await new Promise((resolve) => child.once('spawn', resolve))
  return child.pid ?? 0
}

/** A pid no process has: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn('true', { stdio: 'ignore' })
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid ?? 0
}

describe('PGlite directory lock', () => {
  it('records this process and releases its own lock', () => {
    const dir = freshDir()
    const unlock = lockDirectory(dir)
    const [pid, identity] = readFileSync(`${dir}.lock`, 'utf8').split('\n')
    expect(Number(pid)).toBe(process.pid)
    expect(identity).toBe(processIdentity(process.pid))
    unlock()
    expect(existsSync(`${dir}.lock`)).toBe(false)
  })

  it('refuses a directory whose owner runs, naming it', async () => {
    const dir = freshDir()
    const pid = await otherProcess()
    writeFileSync(`${dir}.lock`, `${pid}\n${processIdentity(pid)}\n`)
    expect(() => lockDirectory(dir)).toThrow(DirectoryInUseError)
    expect(() => lockDirectory(dir)).toThrow(`is in use by process ${pid}: stop it first`)
    // A lock of older code (the pid alone) of a live process refuses too.
    writeFileSync(`${dir}.lock`, String(pid))
    expect(() => lockDirectory(dir)).toThrow(DirectoryInUseError)
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(pid))
  })

  it('takes over the lock of a dead process, and of a reused pid that is another process', async () => {
    const dead = freshDir()
    writeFileSync(`${dead}.lock`, `${await deadPid()}\nboot:123\n`)
    lockDirectory(dead)()

    // kill -9 then a restart: the recorded pid runs again, but as another process.
    const reused = freshDir()
    const pid = await otherProcess()
    writeFileSync(`${reused}.lock`, `${pid}\n${processIdentity(pid)}-earlier\n`)
    const unlock = lockDirectory(reused)
    expect(Number(readFileSync(`${reused}.lock`, 'utf8').split('\n')[0])).toBe(process.pid)
    unlock()

    // A lock killed between its creation and its write is empty.
    const empty = freshDir()
    writeFileSync(`${empty}.lock`, '')
    lockDirectory(empty)()
  })

  it('does not remove a lock another process took over', () => {
    const dir = freshDir()
    const unlock = lockDirectory(dir)
    writeFileSync(`${dir}.lock`, '1\nsomeone-else\n')
    unlock()
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe('1\nsomeone-else\n')
  })

  it('a newcomer waits while another takes a stale lock over, then meets the live owner', {
    timeout: 60_000,
  }, async () => {
    const dir = freshDir()
    writeFileSync(`${dir}.lock`, `${await deadPid()}\n`)
    // a takeover in progress, by a live process
    const taker = await otherProcess()
    writeFileSync(`${dir}.lock.takeover`, `${taker}\n`)
    const lockModule = fileURLToPath(new URL('./pglite-lock.ts', import.meta.url))
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(lockModule)}).then((m) => {
          console.log('ready')
          try { m.lockDirectory(${JSON.stringify(dir)}); console.log('took') }
          catch (e) { console.log(e instanceof m.DirectoryInUseError ? 'refused' : 'error ' + e) }
        })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    children.push(child)
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    await until(() => out.includes('ready'))
    await new Promise((resolve) => setTimeout(resolve, 500))
    // still waiting: it neither took the stale lock nor gave up
    expect(out.trim()).toBe('ready')
    // the taker ends its takeover: its lock in place, the takeover file gone
    writeFileSync(`${dir}.lock`, `${taker}\n`)
    rmSync(`${dir}.lock.takeover`)
    await new Promise((resolve) => child.once('exit', resolve))
    expect(out.trim().split('\n')).toEqual(['ready', 'refused'])
  })

  it('a takeover file left by a dead process does not block the directory', () => {
    return deadPid().then((dead) => {
      const dir = freshDir()
      writeFileSync(`${dir}.lock`, `${dead}\n`)
      writeFileSync(`${dir}.lock.takeover`, `${dead}\n`)
      const unlock = lockDirectory(dir)
      expect(parseOwner(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid)
      expect(existsSync(`${dir}.lock.takeover`)).toBe(false)
      unlock()
    })
  })

  it('of processes starting together on a stale lock, exactly one gets the directory, round after round', {
    timeout: 120_000,
  }, async () => {
    const lockModule = fileURLToPath(new URL('./pglite-lock.ts', import.meta.url))
    // Each contender holds what it took until killed, so a late one still meets a live owner.
    const script = (dir: string) => `import(${JSON.stringify(lockModule)}).then((m) => {
      try { m.lockDirectory(${JSON.stringify(dir)}); console.log('took') }
      catch (e) { console.log(e instanceof m.DirectoryInUseError ? 'refused' : 'error ' + e) }
      setInterval(() => {}, 1000)
    })`
    // a rare interleaving once let several in (a stale lock moved away and put back left a
    // moment without any lock): eight contenders, three rounds
    for (let round = 0; round < 3; round++) {
      const dir = freshDir()
      writeFileSync(`${dir}.lock`, `${await deadPid()}\n`)
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => {
          const child = spawn(process.execPath, ['--import', 'tsx', '-e', script(dir)], {
            stdio: ['ignore', 'pipe', 'inherit'],
          })
          children.push(child)
          return new Promise<string>((resolve) => {
            let out = ''
            child.stdout?.on('data', (chunk: Buffer) => {
              out += chunk.toString()
              if (out.includes('\n')) resolve(out.trim())
            })
          })
        }),
      )
      expect(
        answers.filter((a) => a === 'took'),
        `round ${round}`,
      ).toHaveLength(1)
      expect(answers.filter((a) => a === 'refused')).toHaveLength(7)
      for (const child of children.splice(0)) child.kill('SIGKILL')
    }
  })
})
