import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { measureLive } from '../bench/live'

const dir = mkdtempSync(join(tmpdir(), 'publish-flow-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('publish to live', () => {
  it('a post created through the API is on its magazine page after the webhook rebuild', {
    timeout: 180_000,
  }, async () => {
    const result = await measureLive(dir)
    expect(result.note).toBeUndefined()
    expect(result.seconds).toHaveLength(1)
    console.log(`publish-to-live: ${result.seconds[0]?.toFixed(2)} s`)
  })
})
