import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '#server/test/harness.ts'

const SECRET = 'secret-company-data'
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'
const dir = mkdtempSync(join(tmpdir(), 'storage-test-'))
let t: TestApi

beforeAll(async () => {
  const images = join(dir, 'img.localhost', 'images')
  mkdirSync(join(images, 'folder.svg'), { recursive: true })
  writeFileSync(join(dir, 'img.localhost', 'company.json'), SECRET)
  writeFileSync(join(dir, 'secret.svg'), SECRET)
  writeFileSync(join(images, 'logo.svg'), SVG)
  for (const name of ['photo.png', 'photo.jpg', 'photo.JPEG', 'photo.webp', 'notes.txt']) {
    writeFileSync(join(images, name), Buffer.from([1, 2, 3, 4]))
  }
  // A link out of the images folder must not be followed.
  symlinkSync(join(dir, 'secret.svg'), join(images, 'link.svg'))
  t = await startTestApi({ config: { tenantsDir: dir } })
})
afterAll(async () => {
  await t.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A request whose path goes out exactly as written (fetch would resolve '..' first). */
function raw(path: string, headers: Record<string, string> = {}) {
  const url = new URL(t.url)
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
        let body = ''
        res.setEncoding('latin1')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end()
    },
  )
}

describe('GET /storage/<host>/images/<file>', () => {
  it('serves an SVG with its type, long cache headers and a lockdown policy', async () => {
    const res = await raw('/storage/img.localhost/images/logo.svg')
    expect(res.status).toBe(200)
    expect(res.body).toBe(SVG)
    expect(res.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
      'x-content-type-options': 'nosniff',
    })
    expect(String(res.headers['content-security-policy'])).toContain('sandbox')
    expect(res.headers['last-modified']).toBeTruthy()
    const again = await raw('/storage/img.localhost/images/logo.svg', {
      'if-none-match': String(res.headers.etag),
    })
    expect(again).toMatchObject({ status: 304, body: '' })
  })

  it('gives png, jpeg and webp their content types, whatever the host case', async () => {
    const types: [string, string][] = [
      ['photo.png', 'image/png'],
      ['photo.jpg', 'image/jpeg'],
      ['photo.JPEG', 'image/jpeg'],
      ['photo.webp', 'image/webp'],
    ]
    for (const [file, type] of types) {
      const res = await raw(`/storage/IMG.localhost/images/${file}`)
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toBe(type)
      expect(res.body).toBe('\u0001\u0002\u0003\u0004')
    }
  })

  it('answers 404 for missing files, other types, folders and links out of the folder', async () => {
    for (const file of ['missing.svg', 'notes.txt', 'folder.svg', 'link.svg']) {
      const res = await t.call(`/storage/img.localhost/images/${file}`)
      expect(res).toMatchObject({ status: 404, body: { code: 404, type: 'notFound' } })
    }
    expect((await t.call('/storage/other.localhost/images/logo.svg')).status).toBe(404)
  })

  it('refuses path traversal, encoded or not, and never leaks a file outside images/', async () => {
    const attempts = [
      '/storage/img.localhost/images/..%2Fcompany.json',
      '/storage/img.localhost/images/%2e%2e%2fcompany.json',
      '/storage/img.localhost/images/%2E%2E%2F%2E%2E%2Fsecret.svg',
      '/storage/img.localhost/images/..%5Ccompany.json',
      '/storage/img.localhost/images/.hidden.svg',
      '/storage/img.localhost/images/logo.svg%00.png',
      '/storage/..%2Fimg.localhost/images/logo.svg',
      '/storage/../images/secret.svg',
      '/storage/..%2F/images/secret.svg',
      '/storage/img.localhost/images/../company.json',
      '/storage/img.localhost/images/../../secret.svg',
      '/storage/img.localhost/images/%252e%252e%252fcompany.json',
    ]
    for (const path of attempts) {
      const res = await raw(path)
      expect([400, 404], path).toContain(res.status)
      expect(res.body, path).not.toContain(SECRET)
      expect(JSON.parse(res.body), path).toMatchObject({ code: res.status })
    }
    const encoded = await raw('/storage/img.localhost/images/..%2Fcompany.json')
    expect(JSON.parse(encoded.body)).toMatchObject({ code: 400, type: 'invalidInput' })
  })
})
