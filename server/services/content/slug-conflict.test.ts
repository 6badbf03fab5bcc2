import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countContent } from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * Decision 016: a slug names a page, so two rows of one kind and company never
 * share one: a create or update that would is 409 with the normalised error, nothing written,
 * also when the creates come in parallel. Another company or another kind may use the slug.
 */

let t: TestApi
let provider: string
beforeAll(async () => {
  t = await startTestApi()
  provider = await bearer(t, 'alpha.localhost', 'provider')
})
afterAll(() => t.close())

const post = (slug: string) => ({ slug, title: { fr: 'Titre' }, published: true })
const send = (path: string, method: string, json: unknown, company = 'alpha-token') =>
  t.call(path, { method, company, bearer: provider, json })

describe('a slug is taken once per kind and company', () => {
  it('refuses a second post with the slug, created or renamed to it', async () => {
    const first = await send('/api/posts', 'POST', post('slug-unique'))
    expect(first.status).toBe(200)
    const other = await send('/api/posts', 'POST', post('slug-other'))
    expect(other.status).toBe(200)
    const before = await countContent(t.db, 'alpha.localhost', 'posts')

    const again = await send('/api/posts', 'POST', post('slug-unique'))
    expect(again).toMatchObject({ status: 409, body: { code: 409, type: 'slugTaken' } })
    const { id } = other.body as { id: string }
    const renamed = await send(`/api/posts/${id}`, 'PUT', post('slug-unique'))
    expect(renamed).toMatchObject({ status: 409, body: { code: 409, type: 'slugTaken' } })
    expect(await countContent(t.db, 'alpha.localhost', 'posts')).toBe(before)

    // Saving a row under its own slug is no conflict.
    expect((await send(`/api/posts/${id}`, 'PUT', post('slug-other'))).status).toBe(200)
  })

  it('lets one of a parallel burst of creates through', async () => {
    const before = await countContent(t.db, 'alpha.localhost', 'posts')
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => send('/api/posts', 'POST', post('slug-burst'))),
    )
    expect(burst.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    expect(await countContent(t.db, 'alpha.localhost', 'posts')).toBe(before + 1)
  })

  it('leaves the slug free for another kind', async () => {
    const category = { slug: 'slug-unique', name: { fr: 'Actus' }, order: 1 }
    expect((await send('/api/postcategories', 'POST', category)).status).toBe(200)
  })
})
