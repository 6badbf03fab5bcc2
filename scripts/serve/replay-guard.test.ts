import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createReplayGuard } from './replay-guard'

const dir = mkdtempSync(join(tmpdir(), 'replay-guard-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0
const freshFile = () => join(dir, `seen-${++n}`)

describe('replay guard (seen webhook delivery ids)', () => {
  it('accepts an id once, then calls it replayed', () => {
    const guard = createReplayGuard({ file: freshFile(), now: () => 1000 })
    expect(guard.check('delivery-a', 1000)).toBe('fresh')
    expect(guard.check('delivery-a', 1000)).toBe('replayed')
    expect(guard.check('delivery-b', 1000)).toBe('fresh')
  })

  it('remembers the ids across a restart (a kill -9 included: each is on disk when checked)', () => {
    const file = freshFile()
    const first = createReplayGuard({ file, now: () => 1000 })
    expect(first.check('delivery-a', 990)).toBe('fresh')
    // No close, no flush: the process is simply gone.
    const second = createReplayGuard({ file, now: () => 1100 })
    expect(second.check('delivery-a', 990)).toBe('replayed')
    expect(second.check('delivery-c', 1100)).toBe('fresh')
  })

  it('forgets ids whose time left the window (the time check refuses those), on disk too', () => {
    const file = freshFile()
    let now = 1000
    const guard = createReplayGuard({ file, toleranceS: 300, now: () => now })
    guard.check('old-delivery', 1000)
    guard.check('new-delivery', 1250)
    now = 1400
    const reopened = createReplayGuard({ file, toleranceS: 300, now: () => now })
    expect(reopened.size).toBe(1)
    expect(readFileSync(file, 'utf8')).toBe('1250 new-delivery\n')
    expect(reopened.check('new-delivery', 1250)).toBe('replayed')
  })

  it('is bounded: when full of ids still in the window, new ones wait (the sender retries)', () => {
    let now = 1000
    const guard = createReplayGuard({ file: freshFile(), max: 3, now: () => now })
    for (const id of ['id-1', 'id-2', 'id-3']) expect(guard.check(id, now)).toBe('fresh')
    expect(guard.check('id-4', now)).toBe('full')
    expect(guard.check('id-1', now)).toBe('replayed')
    now += 301
    expect(guard.check('id-4', now)).toBe('fresh')
    expect(guard.size).toBe(1)
  })

  it('ignores damaged lines (a crash mid-append)', () => {
    const file = freshFile()
    createReplayGuard({ file, now: () => 1000 }).check('whole-line', 1000)
    appendFileSync(file, 'garbage\n1000')
    const guard = createReplayGuard({ file, now: () => 1000 })
    expect(guard.size).toBe(1)
    expect(guard.check('whole-line', 1000)).toBe('replayed')
    expect(readFileSync(file, 'utf8')).toBe('1000 whole-line\n')
  })
})
