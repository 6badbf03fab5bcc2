import { afterAll } from 'vitest'
import { clock } from '#server/kernel/index.ts'

/**
 * API test files share their worker's loaded modules (isolate: false, docs/decisions/068): what
 * a file changes in the process is put back once it is done, so the next file in the worker
 * starts as if alone. Registered before the file's own hooks, so it runs after them.
 */
const env = { ...process.env }
const now = clock.now

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key]
  Object.assign(process.env, env)
  clock.now = now
})
