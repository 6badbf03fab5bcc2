import { afterAll, beforeAll } from 'vitest'
import { makeSites, startTestServe, type TestServe } from './serve'

/** The running serve (call it inside a test), and the sites folder it serves. */
export type SuiteServe = (() => TestServe) & { readonly dir: string }

/**
 * A sites tree (`files`, as makeSites takes them) served by the real serve handler for the whole
 * test file: started before its tests, stopped and removed after. Call the answer inside a test.
 */
export function serveSitesDuringSuite(files: Readonly<Record<string, string>>): SuiteServe {
  const sites = makeSites(files)
  let serve: TestServe | undefined
  beforeAll(async () => {
    serve = await startTestServe(sites.dir)
  })
  afterAll(async () => {
    await serve?.close()
    sites.remove()
  })
  const running = () => {
    if (!serve) throw new Error('the test serve is not started (call inside a test)')
    return serve
  }
  return Object.assign(running, { dir: sites.dir })
}
