import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { headersFor, parseHeaders } from '#site/headers/headers-file'
import { tenantSnapshot } from '#support/tenant-snapshot'
import { inlineScriptHashes, liveScriptHashes, writeSiteHeaders } from './site-headers'

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`

describe('site headers at build time (decision 019)', () => {
  it('hashes the inline scripts a browser runs, not data blocks nor external scripts', () => {
    const html = [
      '<script>location.replace("/disabled")</script>',
      '<script type="module">import("/x.js")</script>',
      '<SCRIPT type="text/javascript">a()</SCRIPT>',
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<script type="module" src="/_astro/a.js"></script>',
      '<template><div>x</div></template>',
    ].join('\n')
    expect(inlineScriptHashes(html)).toEqual([
      sha('location.replace("/disabled")'),
      sha('import("/x.js")'),
      sha('a()'),
    ])
  })

  it("writes the site's _headers: its hashes everywhere, payment hosts on paying pages only", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-headers-'))
    try {
      writeFileSync(join(dir, 'index.html'), '<script>one()</script>')
      writeFileSync(join(dir, '404.html'), '<script>two()</script><script>one()</script>')
      const snapshot = tenantSnapshot('maison-lumiere.localhost')
      const booker = {
        ...snapshot.company.booker,
        payment: { provider: 'stripe' as const, keys: { publicKey: 'pk_test_x' } },
      }
      const company = { ...snapshot.company, booker }
      await writeSiteHeaders(dir, { ...snapshot, company }, { PUBLIC_BACKOFFICE_ORIGINS: '' })
      const rules = parseHeaders(readFileSync(join(dir, '_headers'), 'utf8'))
      const home = headersFor(rules, '/')['Content-Security-Policy'] ?? ''
      expect(home).toContain(
        `script-src 'self' '${[sha('one()'), sha('two()')].sort().join("' '")}';`,
      )
      expect(home).not.toContain('stripe')
      for (const path of ['/panier', '/en/panier/', '/gift', '/de/bonscadeaux']) {
        expect(headersFor(rules, path)['Content-Security-Policy']).toContain(
          'https://js.stripe.com',
        )
      }
      expect(headersFor(rules, '/profile/password-reset/abc')['Referrer-Policy']).toBe(
        'no-referrer',
      )
      expect(headersFor(rules, '/en/profile/password-reset/abc')['Referrer-Policy']).toBe(
        'no-referrer',
      )
      expect(headersFor(rules, '/profile')['Referrer-Policy']).toBe(
        'strict-origin-when-cross-origin',
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("keeps allowing the live pages' scripts through a partial build, and only then", async () => {
    const live = mkdtempSync(join(tmpdir(), 'site-live-'))
    const partial = mkdtempSync(join(tmpdir(), 'site-partial-'))
    try {
      const snapshot = tenantSnapshot('maison-lumiere.localhost')
      const env = { PUBLIC_BACKOFFICE_ORIGINS: '' }
      // the live site: a sign-in page whose inline script no post page has
      writeFileSync(join(live, 'index.html'), '<script>one()</script>')
      writeFileSync(join(live, 'login.html'), '<script>signIn()</script>')
      await writeSiteHeaders(live, snapshot, env)
      expect(liveScriptHashes(live).sort()).toEqual([sha('one()'), sha('signIn()')].sort())
      // a post's dependent pages only
      writeFileSync(join(partial, 'post.html'), '<script>one()</script><script>post()</script>')
      await writeSiteHeaders(partial, snapshot, env, liveScriptHashes(live))
      const rules = parseHeaders(readFileSync(join(partial, '_headers'), 'utf8'))
      const policy = headersFor(rules, '/login')['Content-Security-Policy'] ?? ''
      for (const script of ['one()', 'signIn()', 'post()']) expect(policy).toContain(sha(script))
      // a whole build lists its own pages' scripts alone
      await writeSiteHeaders(partial, snapshot, env)
      expect(liveScriptHashes(partial).sort()).toEqual([sha('one()'), sha('post()')].sort())
      expect(liveScriptHashes(join(partial, 'nowhere'))).toEqual([])
    } finally {
      rmSync(live, { recursive: true, force: true })
      rmSync(partial, { recursive: true, force: true })
    }
  })
})
