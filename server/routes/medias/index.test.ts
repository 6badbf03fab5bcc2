import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedTenant, staffBearer, type Tenant } from '#server/conformance/sessions.ts'
import { companies, medias } from '#server/db/schema/index.ts'
import { startTestApi, type TestApi } from '#server/test/harness.ts'
import { type S3TestServer, startS3Server } from '#support/s3-server.ts'

/**
 * The media library on an S3-compatible store (s3rver): upload, list, the served bytes and
 * their headers, each refusal (nothing written), and who may write
 * (docs/decisions/081-media-storage.md).
 */
let s3: S3TestServer
let t: TestApi
let a: Tenant
let b: Tenant
let practitioner: string
let manager: string

beforeAll(async () => {
  s3 = await startS3Server('media')
  t = await startTestApi({
    config: {
      media: {
        kind: 's3',
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        prefix: 'm/',
        credentials: s3.credentials,
        publicBase: '/media',
      },
    },
  })
  a = await seedTenant(t, 'alpha')
  b = await seedTenant(t, 'beta')
  practitioner = await staffBearer(t, a, 'practitioner')
  manager = await staffBearer(t, a, 'manager')
  // alpha speaks French and English: both alt texts are required
  const [row] = await t.db.select().from(companies).where(eq(companies.id, a.companyId))
  const booker = { ...(row?.data.booker as object), langs: { fr: true, en: true } }
  await t.db
    .update(companies)
    .set({ data: { ...row?.data, booker } })
    .where(eq(companies.id, a.companyId))
}, 60_000)
afterAll(async () => {
  await t?.close()
  await s3?.stop()
})

const photo = (width = 1000, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer()
const ALT = { fr: 'Un soin du visage', en: 'A facial' }

async function upload(
  tenant: Tenant,
  bearer: string,
  files: { bytes: Uint8Array; name: string; type: string }[],
  alt: unknown,
  path = '/api/upload/image',
) {
  const form = new FormData()
  const field = path.endsWith('images') ? 'files' : 'file'
  for (const f of files)
    form.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name)
  if (alt !== undefined) form.append('alt', JSON.stringify(alt))
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { company: tenant.token, authorization: `Bearer ${bearer}` },
    body: form,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const jpeg = async () => ({ bytes: await photo(), name: 'soin.jpg', type: 'image/jpeg' })
const count = async () => (await t.db.select().from(medias)).length

describe('the media library', () => {
  it('stores an upload in the widths and formats, lists it, serves it for a year', async () => {
    const res = await upload(a, a.bearers.provider, [await jpeg()], ALT)
    expect(res.status).toBe(200)
    const variants = res.body.variants as { width: number; format: string; url: string }[]
    expect(variants.map((v) => `${v.width}.${v.format}`).sort()).toEqual(
      ['400', '800', '1000'].flatMap((w) => [`${w}.avif`, `${w}.jpeg`, `${w}.webp`]).sort(),
    )
    expect(res.body.alt).toEqual(ALT)
    expect(res.body.url).toMatch(
      new RegExp(`^/media/c${a.companyId}/images/[0-9a-f]{32}-1000\\.jpg$`),
    )
    // every key under the company's prefix in the bucket
    expect(s3.puts.length).toBe(9)
    expect(s3.puts.every((key) => key.startsWith(`m/c${a.companyId}/images/`))).toBe(true)

    const list = await t.call('/api/medias', { company: a.token, bearer: practitioner })
    expect(list.status).toBe(200)
    expect((list.body as { items: { id: string }[] }).items.map((m) => m.id)).toEqual([res.body.id])
    const other = await t.call('/api/medias', { company: b.token, bearer: b.bearers.provider })
    expect((other.body as { total: number }).total).toBe(0)

    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const url = variants.find((v) => v.format === format && v.width === 400)?.url ?? ''
      const served = await fetch(`${t.url}${url}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(type)
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata()
      expect(meta.width).toBe(400)
    }
  })

  it('edits the alt texts, every language required, and deletes', async () => {
    const res = await upload(a, manager, [await jpeg()], ALT)
    const id = String(res.body.id)
    const partial = await t.call(`/api/medias/${id}`, {
      method: 'PUT',
      company: a.token,
      bearer: manager,
      json: { alt: { fr: 'Seul' } },
    })
    expect(partial.status).toBe(400)
    expect(partial.body).toMatchObject({ type: 'altMissing' })
    const edited = await t.call(`/api/medias/${id}`, {
      method: 'PUT',
      company: a.token,
      bearer: manager,
      json: { alt: { fr: 'Visage', en: 'Face' } },
    })
    expect(edited.body).toMatchObject({ alt: { fr: 'Visage', en: 'Face' } })
    // another company's user cannot see, change or delete it
    for (const method of ['PUT', 'DELETE'] as const) {
      const foreign = await t.call(`/api/medias/${id}`, {
        method,
        company: b.token,
        bearer: b.bearers.provider,
        ...(method === 'PUT' ? { json: { alt: { fr: 'x' } } } : {}),
      })
      expect(foreign.status).toBe(404)
    }
    const gone = await t.call(`/api/medias/${id}`, {
      method: 'DELETE',
      company: a.token,
      bearer: manager,
    })
    expect(gone.status).toBe(200)
    const served = await fetch(`${t.url}${String(res.body.url)}`)
    expect(served.status).toBe(404)
  })
})

describe('refusals write nothing', () => {
  const svg = (body: string) => ({
    bytes: new TextEncoder().encode(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${body}</svg>`,
    ),
    name: 'logo.svg',
    type: 'image/svg+xml',
  })
  const cases: [
    string,
    () => Promise<{ status: number; body: Record<string, unknown> }>,
    number,
    string,
  ][] = [
    [
      'a text file named .jpg and declared image/jpeg',
      () =>
        upload(
          a,
          a.bearers.provider,
          [{ bytes: new TextEncoder().encode('hello'), name: 'x.jpg', type: 'image/jpeg' }],
          ALT,
        ),
      400,
      'notAnImage',
    ],
    [
      'a file over 10 MB',
      async () =>
        upload(
          a,
          a.bearers.provider,
          [{ bytes: new Uint8Array(10 * 1024 * 1024 + 1), name: 'big.jpg', type: 'image/jpeg' }],
          ALT,
        ),
      413,
      'imageTooLarge',
    ],
    [
      'a small PNG of 60 million pixels (a decompression bomb)',
      async () => {
        const bomb = await sharp({
          create: { width: 10_000, height: 6_000, channels: 3, background: '#000' },
        })
          .png({ compressionLevel: 9 })
          .toBuffer()
        return upload(
          a,
          a.bearers.provider,
          [{ bytes: bomb, name: 'b.png', type: 'image/png' }],
          ALT,
        )
      },
      413,
      'imageTooManyPixels',
    ],
    [
      'an SVG with a script',
      () => upload(a, a.bearers.provider, [svg('<script>alert(1)</script>')], ALT),
      400,
      'svgScripted',
    ],
    [
      'an SVG with an event handler',
      () => upload(a, a.bearers.provider, [svg('<rect onload="x()"/>')], ALT),
      400,
      'svgScripted',
    ],
    [
      'an SVG with an external image',
      () => upload(a, a.bearers.provider, [svg('<image href="https://evil.example/x.png"/>')], ALT),
      400,
      'svgScripted',
    ],
    [
      'no English alt text',
      async () => upload(a, a.bearers.provider, [await jpeg()], { fr: 'Seul' }),
      400,
      'altMissing',
    ],
    [
      'no alt text',
      async () => upload(a, a.bearers.provider, [await jpeg()], undefined),
      400,
      'altMissing',
    ],
    [
      'a second file that is not an image',
      async () =>
        upload(
          a,
          a.bearers.provider,
          [
            await jpeg(),
            { bytes: new TextEncoder().encode('%PDF-1.4'), name: 'y.png', type: 'image/png' },
          ],
          [ALT, ALT],
          '/api/upload/images',
        ),
      400,
      'notAnImage',
    ],
    ['a practitioner', async () => upload(a, practitioner, [await jpeg()], ALT), 403, 'forbidden'],
    [
      "another company's user",
      async () => upload(a, b.bearers.provider, [await jpeg()], ALT),
      401,
      '',
    ],
    [
      'a customer',
      async () => upload(a, a.bearers.customer, [await jpeg()], ALT),
      401,
      'wrongAccountKind',
    ],
  ]
  for (const [name, send, status, code] of cases) {
    it(name, async () => {
      const before = { rows: await count(), puts: s3.puts.length }
      const res = await send()
      expect(res.status).toBe(status)
      if (code !== '') expect(res.body).toMatchObject({ type: code })
      expect({ rows: await count(), puts: s3.puts.length }).toEqual(before)
    })
  }
})
