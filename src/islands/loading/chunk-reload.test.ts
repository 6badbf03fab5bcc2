import { describe, expect, it } from 'vitest'
import { CHUNK_RELOAD_KEY } from '#domain/web/chunk-reload'
import { memoryStorage } from '#stores/cookie-jar'
import { importChunk, type ReloadEnv, reloadAfterChunkFailure } from './chunk-reload'

function fakeEnv(start = 1_000_000) {
  let now = start
  const storage = memoryStorage()
  const reloads: number[] = []
  const env: ReloadEnv = {
    storage,
    now: () => now,
    online: () => true,
    reload: () => void reloads.push(now),
  }
  return {
    env: () => env,
    storage,
    reloads,
    advance: (ms: number) => {
      now += ms
    },
  }
}

describe('reload after a failed chunk load (docs/product/8-errors.md)', () => {
  it('a failed import reloads once, stores the time, and still rejects', async () => {
    const fake = fakeEnv()
    const failure = new TypeError('Failed to fetch dynamically imported module')
    await expect(importChunk(() => Promise.reject(failure), fake.env)).rejects.toBe(failure)
    expect(fake.reloads).toEqual([1_000_000])
    expect(fake.storage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000')
    // the reloaded page fails again within the minute: no second reload
    fake.advance(5_000)
    await expect(importChunk(() => Promise.reject(failure), fake.env)).rejects.toBe(failure)
    expect(fake.reloads).toEqual([1_000_000])
    fake.advance(55_000)
    reloadAfterChunkFailure(fake.env)
    expect(fake.reloads).toEqual([1_000_000, 1_060_000])
  })

  it('a successful import does nothing', async () => {
    const fake = fakeEnv()
    await expect(importChunk(() => Promise.resolve(42), fake.env)).resolves.toBe(42)
    expect(fake.reloads).toEqual([])
  })

  it('without session storage, no reload (nothing would stop a loop)', () => {
    const reloads: number[] = []
    reloadAfterChunkFailure(() => ({
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new DOMException('denied', 'SecurityError')
        },
      },
      now: () => 1,
      online: () => true,
      reload: () => void reloads.push(1),
    }))
    expect(reloads).toEqual([])
  })
})
