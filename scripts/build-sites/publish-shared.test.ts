import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { publishAssets, publishMaintenance } from './publish-shared'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'publish-shared-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

function write(dir: string, files: Readonly<Record<string, string>>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

describe("a batch's files of no tenant (public/, _astro, _maintenance)", () => {
  it('publishes what public/ holds to _public, the hashed assets to _astro, and leaves the tenants', async () => {
    const project = write(join(root, 'project'), { 'public/favicon.svg': '<svg>new</svg>' })
    // what Astro wrote: public/ copied to the output root, beside the tenants' folders
    const out = write(join(root, 'out'), {
      'favicon.svg': '<svg>new</svg>',
      '_astro/site.abc.css': 'body{}',
      '_maintenance/index.html': 'maintenance',
      'a.localhost/index.html': 'home',
    })
    const sites = join(root, 'sites')
    const assetCopies = await publishAssets(project, out, sites)
    await publishMaintenance(out, sites)
    expect(readFileSync(join(sites, '_public', 'favicon.svg'), 'utf8')).toBe('<svg>new</svg>')
    expect(readFileSync(join(sites, '_astro', 'site.abc.css'), 'utf8')).toBe('body{}')
    expect(readFileSync(join(sites, '_maintenance', 'index.html'), 'utf8')).toBe('maintenance')
    // out of the output root, so the tenant step cannot mistake it for a page
    expect(existsSync(join(out, 'favicon.svg'))).toBe(false)
    expect(existsSync(join(out, 'a.localhost', 'index.html'))).toBe(true)
    expect(existsSync(join(sites, 'a.localhost'))).toBe(false)
    // decision 074: new assets go live first, their copies are written after
    expect(existsSync(join(sites, '_astro', 'site.abc.css.br'))).toBe(false)
    await assetCopies()
    expect(existsSync(join(sites, '_astro', 'site.abc.css.br'))).toBe(false)
  })

  it('adds the copies of new assets once asked, at the shared levels', async () => {
    const project = write(join(root, 'project'), {})
    const script = `export const a = ${JSON.stringify('x'.repeat(3000))};`
    const out = write(join(root, 'out'), { '_astro/app.1.js': script })
    const sites = join(root, 'sites')
    const assetCopies = await publishAssets(project, out, sites)
    expect(readFileSync(join(sites, '_astro', 'app.1.js'), 'utf8')).toBe(script)
    expect(existsSync(join(sites, '_astro', 'app.1.js.br'))).toBe(false)
    expect(await assetCopies()).toBe(2)
    expect(existsSync(join(sites, '_astro', 'app.1.js.br'))).toBe(true)
  })

  it("uses this repository's public/ folder: its fallback favicon", () => {
    expect(readFileSync(join(process.cwd(), 'public', 'favicon.svg'), 'utf8')).toContain('<svg')
  })
})
