import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post } from '#contract/post.ts'
import {
  countContent,
  countPublished,
  insertContent,
  providerBearer,
  publishedEventsFor,
  publishedFor,
} from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

let t: TestApi
let provider: string
let customer: string
let betaProvider: string
beforeAll(async () => {
  t = await startTestApi({ config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] } })
  provider = await bearer(t, 'alpha.localhost', 'provider')
  customer = await bearer(t, 'alpha.localhost', 'customer')
  betaProvider = await providerBearer(t.db, 'beta.localhost')
  const title = { fr: 'Titre' }
  await insertContent(t.db, 'alpha.localhost', 'posts', [
    { id: 'p2', slug: 'brouillon', title, published: false },
    { id: 'p3', slug: 'english-home', title, published: true, lang: ['en'], position: 'home' },
    { id: 'p4', slug: 'boutique', title, published: true, lang: ['fr'], position: 'shop' },
  ])
  await insertContent(t.db, 'beta.localhost', 'posts', [
    { id: 'p9', slug: 'beta-post', title, published: true },
  ])
})
afterAll(() => t.close())

const alpha = { company: 'alpha-token' }
const ids = (body: unknown) => (body as { id: string }[]).map((p) => p.id).sort()

describe('posts: public reads', () => {
  it('lists the published posts of the company only, valid for the contract', async () => {
    const res = await t.call('/api/posts', alpha)
    expect(res.status).toBe(200)
    expect(ids(res.body)).toEqual(['p1', 'p3', 'p4'])
    for (const item of res.body as unknown[]) expect(post.safeParse(item).success).toBe(true)
    expect(ids((await t.call('/api/posts', { company: 'beta-token' })).body)).toEqual(['p9'])
  })

  it('filters by language and position, "all" matching every one', async () => {
    expect(ids((await t.call('/api/posts?lang=en', alpha)).body)).toEqual(['p1', 'p3'])
    expect(ids((await t.call('/api/posts?position=home', alpha)).body)).toEqual(['p1', 'p3'])
    expect(ids((await t.call('/api/posts?position=shop&lang=fr', alpha)).body)).toEqual([
      'p1',
      'p4',
    ])
    for (const query of ['lang=xx', 'position=top']) {
      const res = await t.call(`/api/posts?${query}`, alpha)
      expect(res).toMatchObject({ status: 400, body: { code: 400, type: 'invalidInput' } })
    }
  })

  it('reads by id and slug; unpublished and foreign posts are 404', async () => {
    expect((await t.call('/api/posts/p1', alpha)).body).toMatchObject({ slug: 'bienvenue' })
    expect((await t.call('/api/posts/slug/bienvenue', alpha)).body).toMatchObject({ id: 'p1' })
    for (const path of ['/api/posts/p2', '/api/posts/slug/brouillon', '/api/posts/p9']) {
      expect(await t.call(path, alpha)).toMatchObject({ status: 404, body: { type: 'notFound' } })
    }
    expect((await t.call('/api/posts/slug/beta-post', alpha)).status).toBe(404)
    expect((await t.call('/api/posts/slug/Not_A_Slug', alpha)).status).toBe(400)
  })

  it('shows unpublished posts to a provider of the company, not to others', async () => {
    const asProvider = { ...alpha, bearer: provider }
    expect(ids((await t.call('/api/posts', asProvider)).body)).toEqual(['p1', 'p2', 'p3', 'p4'])
    expect((await t.call('/api/posts/slug/brouillon', asProvider)).status).toBe(200)
    expect((await t.call('/api/posts/p2', { ...alpha, bearer: customer })).status).toBe(404)
    // A stale or foreign bearer on a public read is a visitor, not a 401.
    expect(ids((await t.call('/api/posts', { ...alpha, bearer: betaProvider })).body)).toEqual([
      'p1',
      'p3',
      'p4',
    ])
  })
})

describe('posts: provider writes', () => {
  const body = { slug: 'nouveau', title: { fr: 'Nouveau' }, published: true, position: 'home' }

  it('refuses writes without a provider session of this company', async () => {
    const before = await countPublished(t.db)
    for (const extra of [{}, { bearer: customer }, { bearer: betaProvider }]) {
      expect((await t.call('/api/posts', { ...alpha, ...extra, json: body })).status).toBe(401)
      const put = await t.call('/api/posts/p1', { ...alpha, ...extra, method: 'PUT', json: body })
      expect(put.status).toBe(401)
      const del = await t.call('/api/posts/p1', { ...alpha, ...extra, method: 'DELETE' })
      expect(del).toMatchObject({ status: 401, body: { code: 401 } })
    }
    expect(await countContent(t.db, 'alpha.localhost', 'posts')).toBe(4)
    expect(await countPublished(t.db)).toBe(before)
  })

  it("cannot reach another company's post by id", async () => {
    const beta = { company: 'beta-token', bearer: betaProvider }
    expect((await t.call('/api/posts/p1', { ...beta, method: 'PUT', json: body })).status).toBe(404)
    expect((await t.call('/api/posts/p1', { ...beta, method: 'DELETE' })).status).toBe(404)
    expect((await t.call('/api/posts/p1', alpha)).body).toMatchObject({ slug: 'bienvenue' })
  })

  it('creates, updates and deletes a post, each publishing a posts webhook', async () => {
    const auth = { ...alpha, bearer: provider }
    const created = await t.call('/api/posts', { ...auth, json: body })
    expect(created).toMatchObject({ status: 200, body: { slug: 'nouveau', lang: ['all'] } })
    const { id } = created.body as { id: string }
    expect((await t.call('/api/posts/slug/nouveau', alpha)).body).toMatchObject({ id })

    const hidden = { ...body, published: false }
    const updated = await t.call(`/api/posts/${id}`, { ...auth, method: 'PUT', json: hidden })
    expect(updated.body).toMatchObject({ id, published: false })
    expect((await t.call(`/api/posts/${id}`, alpha)).status).toBe(404)

    expect((await t.call(`/api/posts/${id}`, { ...auth, method: 'DELETE' })).body).toEqual({
      ok: true,
    })
    expect((await t.call(`/api/posts/${id}`, auth)).status).toBe(404)
    expect(await publishedFor(t.db, id)).toEqual(
      ['create', 'update', 'delete'].map((action) => ({
        host: 'alpha.localhost',
        kind: 'posts',
        action,
      })),
    )
  })

  it("publishes the languages of a post's pages, those it had when deleted", async () => {
    const auth = { ...alpha, bearer: provider }
    const json = { ...body, slug: 'deux-langues', lang: ['fr', 'en'] }
    const created = await t.call('/api/posts', { ...auth, json })
    const { id } = created.body as { id: string }
    await t.call(`/api/posts/${id}`, { ...auth, method: 'PUT', json: { ...json, lang: ['all'] } })
    await t.call(`/api/posts/${id}`, { ...auth, method: 'PUT', json: { ...json, lang: ['de'] } })
    await t.call(`/api/posts/${id}`, { ...auth, method: 'DELETE' })
    const events = await publishedEventsFor(t.db, id)
    expect(events.map(({ action, languages }) => [action, languages])).toEqual([
      ['create', ['fr', 'en']],
      ['update', 'all'],
      ['update', ['de']],
      ['delete', ['de']],
    ])
    expect(events.every((event) => event.id === id && event.kind === 'posts')).toBe(true)
  })

  it('answers 400 to bad input and writes nothing', async () => {
    const before = await countPublished(t.db)
    const auth = { ...alpha, bearer: provider }
    const bad = [
      { json: { ...body, slug: 'Pas Un Slug' } },
      { json: { ...body, title: { xx: 'unknown language' } } },
      { json: { ...body, position: 'top' } },
      { json: [] },
      { raw: '{"slug":' },
    ]
    for (const input of bad) {
      const res = await t.call('/api/posts', { ...auth, ...input, method: 'POST' })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 400 })
      const put = await t.call('/api/posts/p1', { ...auth, ...input, method: 'PUT' })
      expect(put.status).toBe(400)
    }
    expect(await countContent(t.db, 'alpha.localhost', 'posts')).toBe(4)
    expect(await countPublished(t.db)).toBe(before)
    expect((await t.call('/api/posts/p1', alpha)).body).toMatchObject({ slug: 'bienvenue' })
  })
})
