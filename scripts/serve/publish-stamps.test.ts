import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createPublishStamps } from './publish-stamps'
import { createRebuildQueue } from './queue'

const root = mkdtempSync(join(tmpdir(), 'publish-stamps-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let n = 0
const freshDir = () => join(root, `state-${++n}`)

describe('durable publish queue (publish and build stamps)', () => {
  it('has a tenant pending from its publish until a successful build', async () => {
    const dir = freshDir()
    const stamps = createPublishStamps(dir)
    stamps.published('a.localhost')
    stamps.published('b.localhost')
    expect(stamps.pending()).toEqual(['a.localhost', 'b.localhost'])
    const build = stamps.tracking(async (host) => host === 'a.localhost')
    expect(await build('a.localhost')).toBe(true)
    expect(await build('b.localhost')).toBe(false)
    // A failed build leaves its tenant pending; a new process reads the same state.
    expect(createPublishStamps(dir).pending()).toEqual(['b.localhost'])
  })

  it('keeps pending a publish that arrives while the build runs', async () => {
    const stamps = createPublishStamps(freshDir())
    stamps.published('a.localhost')
    const build = stamps.tracking(async () => {
      stamps.published('a.localhost')
      return true
    })
    await build('a.localhost')
    expect(stamps.pending()).toEqual(['a.localhost'])
    await build('a.localhost')
    // That build's own mid-build publish is again newer: only a quiet build clears it.
    await stamps.tracking(async () => true)('a.localhost')
    expect(stamps.pending()).toEqual([])
  })

  it('gives increasing stamps to publishes within one millisecond', () => {
    const stamps = createPublishStamps(freshDir())
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000)
    const all = Array.from({ length: 50 }, () => stamps.published('a.localhost'))
    clock.mockRestore()
    expect(new Set(all).size).toBe(50)
    expect([...all].sort((a, b) => a - b)).toEqual(all)
  })

  it('a crash mid-build loses nothing: the next process rebuilds the tenant', async () => {
    const dir = freshDir()
    const before = createPublishStamps(dir)
    before.published('a.localhost')
    // The first process acknowledges the publish, starts the build, and dies in it.
    const crashed = createRebuildQueue(before.tracking(() => new Promise<boolean>(() => undefined)))
    crashed.enqueue('a.localhost')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(crashed.running).toBe('a.localhost')

    const after = createPublishStamps(dir)
    const built: string[] = []
    const queue = createRebuildQueue(
      after.tracking(async (host) => {
        built.push(host)
        return true
      }),
    )
    for (const host of after.pending()) queue.enqueue(host)
    await queue.idle()
    expect(built).toEqual(['a.localhost'])
    expect(after.pending()).toEqual([])
  })

  it('ignores files that are not a host stamp', () => {
    const dir = freshDir()
    const stamps = createPublishStamps(dir)
    writeFileSync(join(dir, 'seen-deliveries'), '1 x\n')
    writeFileSync(join(dir, 'UPPER..published'), '5')
    writeFileSync(join(dir, 'c.localhost.published'), 'not a number')
    expect(stamps.pending()).toEqual([])
  })
})
