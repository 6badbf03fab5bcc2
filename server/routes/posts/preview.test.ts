import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post } from '#contract/post.ts'
import { countPublished, publishedFor } from '#server/test/content.ts'
import { bearer, startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * Post writes and previews by role and company (docs/decisions/082-post-preview.md), on the
 * demo users: the body is cleaned by the site's policy at save, a token previews one post for
 * a company user of that company only, and a preview publishes nothing.
 */
const tenants = fileURLToPath(new URL('../../../tenants', import.meta.url))
const BAINS = { company: '8796c37fe6734d21e38b5f59cf18c612' }
const LUMIERE = { company: '1fcc937c9e0423ceb7792f3c8a1a1234' }
const PASSWORD = 'demo-provider-2026'

let t: TestApi
const who = { owner: '', manager: '', practitioner: '', foreign: '', customer: '' }

async function signIn(company: string, email: string): Promise<string> {
  const res = await t.call('/api/cmpusers/login', { company, json: { email, password: PASSWORD } })
  const token = (res.body as { token?: string }).token
  if (!token) throw new Error(`no session for ${email}`)
  return token
}

beforeAll(async () => {
  t = await startTestApi({
    seedFrom: tenants,
    config: { publishWebhookUrls: ['http://127.0.0.1:9/unused'] },
  })
  who.owner = await signIn(BAINS.company, 'sophie.girard@bains-du-lac.example')
  who.manager = await signIn(BAINS.company, 'marc.perrin@bains-du-lac.example')
  who.practitioner = await signIn(BAINS.company, 'elodie.roux@bains-du-lac.example')
  who.foreign = await signIn(LUMIERE.company, 'claire.dumas@maison-lumiere.example')
  who.customer = await bearer(t, 'bains-du-lac.localhost', 'customer')
})
afterAll(() => t.close())

const draft = {
  slug: 'brouillon-apercu',
  title: { fr: 'Brouillon', en: 'Draft' },
  summary: { fr: 'Résumé' },
  body: {
    fr: '<p onclick="steal()">Bonjour <script>alert(1)</script><a href="javascript:x()">lien</a></p><iframe src="https://evil.example"></iframe><img src="/storage/a.png" alt="a" onerror="x()">',
    en: '<h2>Hello</h2><style>body{}</style>',
  },
  published: false,
  lang: ['fr', 'en'],
}

async function create(as: string, json: object = draft) {
  return t.call('/api/posts', { ...BAINS, bearer: as, json })
}

describe('post writes', () => {
  it('keeps the body cleaned by the site policy: no script, handler, iframe or javascript link', async () => {
    const res = await create(who.manager)
    expect(res.status).toBe(200)
    const saved = post.parse(res.body)
    expect(saved.body.fr).toBe('<p>Bonjour <a>lien</a></p><img src="/storage/a.png" alt="a" />')
    expect(saved.body.en).toBe('<h2>Hello</h2>')
    const { id } = saved
    const put = await t.call(`/api/posts/${id}`, {
      ...BAINS,
      bearer: who.owner,
      method: 'PUT',
      json: { ...draft, body: { fr: '<p>ok</p><script>x</script>' } },
    })
    expect((put.body as { body: unknown }).body).toEqual({ fr: '<p>ok</p>' })
    await t.call(`/api/posts/${id}`, { ...BAINS, bearer: who.owner, method: 'DELETE' })
  })

  it('refuses a practitioner (403) and writes nothing', async () => {
    const before = await countPublished(t.db)
    const res = await create(who.practitioner, { ...draft, slug: 'par-praticienne' })
    expect(res).toMatchObject({ status: 403, body: { type: 'forbidden' } })
    const put = await t.call('/api/posts/1', {
      ...BAINS,
      bearer: who.practitioner,
      method: 'PUT',
      json: draft,
    })
    expect(put.status).toBe(403)
    const del = await t.call('/api/posts/1', {
      ...BAINS,
      bearer: who.practitioner,
      method: 'DELETE',
    })
    expect(del.status).toBe(403)
    expect(await countPublished(t.db)).toBe(before)
  })
})

describe('post preview', () => {
  let id = ''
  let token = ''
  beforeAll(async () => {
    id = post.parse((await create(who.owner, { ...draft, slug: 'a-apercevoir' })).body).id
    const res = await t.call(`/api/posts/${id}/preview`, {
      ...BAINS,
      bearer: who.manager,
      method: 'POST',
    })
    expect(res.status).toBe(200)
    token = (res.body as { previewToken: string }).previewToken
  })

  it('gives the unpublished post to a company user with the token, publishing nothing', async () => {
    const before = await countPublished(t.db)
    for (const as of [who.owner, who.manager, who.practitioner]) {
      const res = await t.call('/api/posts/preview', {
        ...BAINS,
        bearer: as,
        json: { previewToken: token },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id, slug: 'a-apercevoir', published: false })
    }
    expect(await countPublished(t.db)).toBe(before)
    expect((await t.call(`/api/posts/${id}`, BAINS)).status).toBe(404)
  })

  it("refuses a visitor, a customer and another company's user; a wrong token is 404", async () => {
    const json = { previewToken: token }
    expect((await t.call('/api/posts/preview', { ...BAINS, json })).status).toBe(401)
    expect(
      (await t.call('/api/posts/preview', { ...BAINS, bearer: who.customer, json })).status,
    ).toBe(401)
    expect(
      (await t.call('/api/posts/preview', { ...BAINS, bearer: who.foreign, json })).status,
    ).toBe(401)
    // the foreign user in their own company: the token is not theirs
    const theirs = await t.call('/api/posts/preview', { ...LUMIERE, bearer: who.foreign, json })
    expect(theirs.status).toBe(404)
    const wrong = { previewToken: `${token.slice(0, -2)}xx` }
    expect(
      (await t.call('/api/posts/preview', { ...BAINS, bearer: who.owner, json: wrong })).status,
    ).toBe(404)
  })

  it("a practitioner may not ask a token; another company's post is unknown", async () => {
    const asPractitioner = { ...BAINS, bearer: who.practitioner, method: 'POST' as const }
    expect((await t.call(`/api/posts/${id}/preview`, asPractitioner)).status).toBe(403)
    const foreign = { ...LUMIERE, bearer: who.foreign, method: 'POST' as const }
    expect((await t.call(`/api/posts/${id}/preview`, foreign)).status).toBe(404)
  })

  it('a newer token replaces the older one', async () => {
    const again = await t.call(`/api/posts/${id}/preview`, {
      ...BAINS,
      bearer: who.owner,
      method: 'POST',
    })
    const newer = (again.body as { previewToken: string }).previewToken
    const read = (previewToken: string) =>
      t.call('/api/posts/preview', { ...BAINS, bearer: who.owner, json: { previewToken } })
    expect((await read(token)).status).toBe(404)
    expect((await read(newer)).status).toBe(200)
  })

  it('publishing emits the posts event that rebuilds the site', async () => {
    const res = await t.call(`/api/posts/${id}`, {
      ...BAINS,
      bearer: who.owner,
      method: 'PUT',
      json: { ...draft, slug: 'a-apercevoir', published: true },
    })
    expect(res.status).toBe(200)
    expect((await t.call(`/api/posts/${id}`, BAINS)).status).toBe(200)
    const events = await publishedFor(t.db, id)
    expect(events.at(-1)).toMatchObject({
      kind: 'posts',
      action: 'update',
      host: 'bains-du-lac.localhost',
    })
  })
})
