import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type SiteSnapshot, siteSnapshot } from '#contract/site-snapshot'
import { cacheRules } from '#site/headers/cache-rules'
import { formatHeaders, HEADERS_FILE } from '#site/headers/headers-file'
import { mapsHeaderRules } from '#site/headers/maps-rules'
import { payingProvider, siteHeaderRules, siteInput } from '#site/headers/site-rules'
import { listFiles } from './tree'

/** Types a browser runs as script; anything else (JSON-LD, templates) is a data block. */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript'])

/**
 * The sha256 source expressions of the inline scripts of one HTML page: the text between the
 * tags exactly as the browser hashes it (decision 019). Astro writes its island runtime and the
 * disabled site's redirect inline; data blocks (JSON-LD) are not executed and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? ''
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? ''
    if (!SCRIPT_TYPES.has(type)) continue
    const text = (match[2] ?? '').replace(/\r\n?/g, '\n')
    hashes.push(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`)
  }
  return hashes
}

/** Every inline script hash of a built site folder, each once. */
export async function siteScriptHashes(folder: string): Promise<string[]> {
  const pages = (await listFiles(folder)).filter((file) => file.endsWith('.html'))
  const hashes = new Set<string>()
  for (const page of pages) {
    for (const hash of inlineScriptHashes(await readFile(join(folder, page), 'utf8'))) {
      hashes.add(hash)
    }
  }
  return [...hashes]
}

/**
 * The inline script hashes the live site's `_headers` allows. A partial build (decision 070)
 * renders a post's dependent pages only: the live pages it leaves alone (sign-in, profile,
 * payment) keep their own inline scripts, so their hashes must stay allowed. A whole build
 * lists exactly its own again.
 */
export function liveScriptHashes(liveFolder: string): string[] {
  const file = join(liveFolder, HEADERS_FILE)
  if (!existsSync(file)) return []
  return [...new Set(readFileSync(file, 'utf8').match(/sha256-[A-Za-z0-9+/]+=*/g) ?? [])]
}

/**
 * The `_headers` text of a built site: its policy from the snapshot, the env, its pages' hashes
 * and those `kept` (liveScriptHashes), then the cache rules the sites server applies too
 * (decision 026).
 */
export async function siteHeadersText(
  folder: string,
  snapshot: SiteSnapshot,
  env: NodeJS.ProcessEnv = process.env,
  kept: readonly string[] = [],
): Promise<string> {
  const hashes = new Set([...(await siteScriptHashes(folder)), ...kept])
  const input = siteInput(snapshot, [...hashes], env)
  const security = siteHeaderRules(input, payingProvider(snapshot.company.booker))
  return formatHeaders([...security, ...mapsHeaderRules(input, snapshot), ...cacheRules()])
}

export function readSnapshotFile(file: string): SiteSnapshot {
  return siteSnapshot.parse(JSON.parse(readFileSync(file, 'utf8')))
}

/**
 * Writes `<folder>/_headers` before the folder is published: the sites server applies it and
 * never serves it (scripts/serve), a CDN deploy reads the same file.
 */
export async function writeSiteHeaders(
  folder: string,
  snapshot: SiteSnapshot,
  env: NodeJS.ProcessEnv = process.env,
  kept: readonly string[] = [],
): Promise<void> {
  await writeFile(join(folder, HEADERS_FILE), await siteHeadersText(folder, snapshot, env, kept))
}
