import { afterAll, beforeAll } from 'vitest'
import { makeSites, startTestServe, type TestServe } from './serve'

/**
 * A sites tree (`files`, as makeSites takes them) served by the real serve handler for the whole
 * test file: started before its tests, stopped and removed after. Call the answer inside a test.
 */
export function serveSitesDuringSuite(files: Readonly<Record<string, string>>): () => TestServe {
  const sites = makeSites(files)
  let serve: TestServe | undefined
  beforeAll(async () => {
    serve = await startTestServe(sites.dir)
  })
  afterAll(async () => {
    await serve?.close()
    sites.remove()
  })
  return () => {
    if (!serve) throw new Error('the test serve is not started (call inside a test)')
    return serve
  }
}
