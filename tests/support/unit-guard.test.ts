import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'

// Runs in the `unit` project, under tests/support/unit-guard.ts.
describe('unit guard', () => {
  it('refuses a process, a port and a write, naming the integration project', async () => {
    expect(() => spawn('true')).toThrow(/integration project/)
    expect(() => createServer().listen(0)).toThrow(/open a port/)
    expect(() => writeFileSync(`${tmpdir()}/x`, 'x')).toThrow(/write to disk/)
    await expect(async () => mkdtemp(`${tmpdir()}/x`)).rejects.toThrow(/write to disk/)
  })
})
