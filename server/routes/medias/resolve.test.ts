import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedTenant, type Tenant } from '#server/conformance/sessions.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

/**
 * The site build's question (docs/decisions/091-responsive-media-images.md): which library
 * pictures are behind these addresses. Public, answers only the asking company's pictures and
 * only those an address names.
 */
let t: TestApi
let a: Tenant
let b: Tenant
const dir = mkdtempSync(join(tmpdir(), 'media-resolve-'))

beforeAll(async () => {
  t = await startTestApi({ config: { media: { kind: 'folder', dir, publicBase: '/media' } } })
  a = await seedTenant(t, 'alpha')
  b = await seedTenant(t, 'beta')
}, 60_000)
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function upload(tenant: Tenant, background: string) {
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'p.jpg')
  form.append('alt', JSON.stringify({ fr: 'Une photo' }))
  const res = await fetch(`${t.url}/api/upload/image`, {
    method: 'POST',
    headers: { company: tenant.token, authorization: `Bearer ${tenant.bearers.provider}` },
    body: form,
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { url: string; variants: { url: string }[] }
}

async function resolve(tenant: Tenant | undefined, urls: string[]) {
  const res = await fetch(`${t.url}/api/medias/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(tenant ? { company: tenant.token } : {}) },
    body: JSON.stringify({ urls }),
  })
  return { status: res.status, body: (await res.json()) as unknown }
}

describe('POST /api/medias/resolve', () => {
  it('answers the pictures behind the addresses, without a session, once each', async () => {
    const mine = await upload(a, '#c96')
    const unused = await upload(a, '#69c')
    const res = await resolve(a, [mine.url, mine.variants[0]?.url ?? '', '/storage/x.jpg'])
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      { width: 900, height: 600, variants: mine.variants, alt: { fr: 'Une photo' } },
    ])
    // a picture no address names stays private, like the library's list
    expect(JSON.stringify(res.body)).not.toContain(unused.url)
  })

  it('never answers another company’s picture, even by its exact address', async () => {
    const theirs = await upload(b, '#9c6')
    expect((await resolve(a, [theirs.url])).body).toEqual([])
    expect((await resolve(b, [theirs.url])).body).toHaveLength(1)
  })

  it('refuses what is not a list of addresses', async () => {
    expect((await resolve(a, ['javascript:alert(1)'])).status).toBe(400)
    expect(
      (
        await resolve(
          a,
          Array.from({ length: 501 }, (_, i) => `/m/${i}`),
        )
      ).status,
    ).toBe(400)
  })
})
