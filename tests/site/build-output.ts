import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Helpers to read an Astro build output in the site tests. */

export function listFiles(root: string): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else out.push(relative(root, path))
    }
  }
  walk(root)
  return out.sort()
}

/** The file of a page path in a tenant's output ('/en/services' -> host/en/services/index.html). */
export function pageFile(host: string, path: string): string {
  const clean = path.replace(/^\/+|\/+$/g, '')
  return clean === '' ? `${host}/index.html` : `${host}/${clean}/index.html`
}

export function reader(root: string) {
  return (file: string) => readFileSync(join(root, file), 'utf8')
}

/** Every match of a regex's first group. */
export function all(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((m) => m[1] ?? '')
}

/**
 * The JavaScript a page ships: inline module scripts plus the /_astro scripts it loads (not
 * JSON-LD nor JSON data, which no engine runs), in bytes.
 */
export function shippedJs(html: string, readAsset: (path: string) => string): number {
  const inline = all(html, /<script(?: type="module")?>([\s\S]*?)<\/script>/g)
  const external = all(html, /<script[^>]*\ssrc="(\/_astro\/[^"]+)"/g).map(readAsset)
  const imports = all(html, /<link rel="modulepreload" href="(\/_astro\/[^"]+)"/g).map(readAsset)
  return [...inline, ...external, ...imports].reduce((n, s) => n + Buffer.byteLength(s), 0)
}
