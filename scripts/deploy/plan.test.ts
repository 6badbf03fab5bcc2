import { describe, expect, it } from 'vitest'
import { IMMUTABLE, type LocalFile, planDeploy, REVALIDATE, uploadFor } from './plan.ts'

const file = (key: string, md5 = 'aaa'): LocalFile => ({ key, md5 })

describe('planDeploy', () => {
  const local = [
    file('a.localhost/index.html'),
    file('a.localhost/index.html.gz'),
    file('a.localhost/_headers'),
    file('a.localhost/sitemap.xml'),
    file('_astro/x.1.js'),
    file('_maintenance/index.html'),
  ]

  it('sends assets first and pages (with their siblings and _headers) after them', () => {
    const plan = planDeploy(local, [], ['a.localhost/'])
    expect(plan.assets.map((u) => u.key)).toEqual(['_astro/x.1.js', 'a.localhost/sitemap.xml'])
    expect(plan.pages.map((u) => u.key)).toEqual([
      '_maintenance/index.html',
      'a.localhost/_headers',
      'a.localhost/index.html',
      'a.localhost/index.html.gz',
    ])
  })

  it('skips a file whose ETag (quoted or not) is its MD5, unless forced', () => {
    const remote = local.map((f) => ({ key: f.key, etag: '"aaa"' }))
    const plan = planDeploy([...local.slice(1), file('a.localhost/index.html', 'bbb')], remote, [])
    expect([...plan.assets, ...plan.pages].map((u) => u.key)).toEqual(['a.localhost/index.html'])
    expect(plan.unchanged).toBe(local.length - 1)
    expect(planDeploy(local, remote, [], true).unchanged).toBe(0)
  })

  it('deletes only what the owned folder no longer has', () => {
    const remote = [
      { key: 'a.localhost/gone.html', etag: 'x' },
      { key: 'ab.localhost/index.html', etag: 'x' },
      { key: '_astro/old.js', etag: 'x' },
      { key: 'a.localhost/index.html', etag: 'aaa' },
    ]
    expect(planDeploy(local, remote, ['a.localhost/']).deletes).toEqual(['a.localhost/gone.html'])
  })
})

describe('uploadFor', () => {
  const keys = new Set(['_astro/x.js', '_astro/x.js.br', 'h/feed.xml', 'h/feed.xml.gz', 'h/a.gz'])

  it('gives a precompressed sibling its identity type, its encoding and its cache rule', () => {
    expect(uploadFor('_astro/x.js.br', keys)).toEqual({
      key: '_astro/x.js.br',
      contentType: 'text/javascript; charset=utf-8',
      contentEncoding: 'br',
      cacheControl: IMMUTABLE,
    })
    expect(uploadFor('h/feed.xml.gz', keys)).toMatchObject({
      contentType: 'application/xml; charset=utf-8',
      contentEncoding: 'gzip',
      cacheControl: REVALIDATE,
    })
  })

  it('treats a .gz without its identity file as a download, not an encoding', () => {
    expect(uploadFor('h/a.gz', keys)).toMatchObject({
      contentType: 'application/octet-stream',
      contentEncoding: undefined,
    })
  })
})
