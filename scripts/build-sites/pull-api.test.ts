import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { pullAll, serverContext } from './pull'

// The paths pull.ts reads; while the API is being written some may not exist yet.
const NEEDED = [
  '/api/shops',
  '/api/categories',
  '/api/articles',
  '/api/eshopcategories',
  '/api/posts',
  '/api/postcategories',
  '/api/events',
  '/api/alerts',
  '/api/coupons',
]

let t: TestApi | undefined
// PGlite start-up and migrations take seconds, more on a busy machine.
beforeAll(async () => {
  t = await startTestApi()
}, 120_000)
afterAll(() => t?.close())

describe('pull from the real API (PGlite in memory, fixture tenants)', () => {
  it('pulls a valid snapshot for a known host and reports an unknown one', {
    timeout: 60_000,
  }, async () => {
    if (!t) throw new Error('the API did not start')
    const api = t
    const missing: string[] = []
    for (const path of NEEDED) {
      const { body } = await api.call(path, { company: 'alpha-token' })
      if (JSON.stringify(body ?? '').includes('No route')) missing.push(path)
    }
    // every call the pull needs is served: a missing route is a failure, not a skip
    expect(missing).toEqual([])

    const [alpha, nowhere] = await pullAll(
      ['alpha.localhost', 'nowhere.localhost'],
      serverContext(api.url),
    )
    if (!alpha?.ok) throw new Error(`alpha failed: ${alpha?.ok === false ? alpha.error : ''}`)
    expect(alpha.snapshot.host).toBe('alpha.localhost')
    expect(alpha.snapshot.company.token).toBe('alpha-token')
    expect(alpha.snapshot.shops.length).toBeGreaterThan(0)
    expect(alpha.snapshot.posts.length).toBeGreaterThan(0)
    expect(nowhere).toMatchObject({ ok: false, host: 'nowhere.localhost' })
    if (nowhere?.ok === false) expect(nowhere.error).toMatch(/company: .*HTTP 404/)
  })
})
