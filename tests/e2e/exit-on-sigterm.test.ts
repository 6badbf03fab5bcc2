import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const helper = fileURLToPath(new URL('../support/exit-on-sigterm.ts', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'exit-on-sigterm-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A Node process with an 'exit' handler that writes `mark`, SIGTERMed once it is ready. */
async function terminated(install: boolean, mark: string): Promise<number | null> {
  const script = [
    `import { writeFileSync } from 'node:fs'`,
    install ? `import { exitOnSigterm } from ${JSON.stringify(helper)}; exitOnSigterm()` : '',
    `process.once('exit', () => writeFileSync(${JSON.stringify(mark)}, 'ran'))`,
    `console.log('ready'); setInterval(() => undefined, 1000)`,
  ].join('\n')
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise((resolve) => child.stdout?.once('data', resolve))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  return exited
}

describe('exitOnSigterm (tests/support/exit-on-sigterm.ts)', () => {
  it("runs the process's exit handlers when it is ended by SIGTERM, as vitest ends a worker", async () => {
    const mark = join(dir, 'with')
    expect(await terminated(true, mark)).toBe(143)
    expect(existsSync(mark)).toBe(true)
  })

  it('without it, a SIGTERM ends the process before any exit handler (why startProduct needs it)', async () => {
    const mark = join(dir, 'without')
    expect(await terminated(false, mark)).toBe(null)
    expect(existsSync(mark)).toBe(false)
  })
})
