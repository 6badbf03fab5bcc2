import { readFileSync, statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'

/** Every file under `dir`, as sorted '/'-separated paths relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort()
}

/**
 * True when both files exist and hold the same bytes (sizes first: most changes show there).
 * Synchronous on purpose: pages are small, and for a thousand of them the thread-pool round trips
 * of the async calls cost about six times the reads themselves (measured: 199 ms against 32 ms
 * for 888 pages); a tenant's compare blocks the serve process for tens of milliseconds.
 */
export function sameBytes(a: string, b: string): boolean {
  const sa = statSync(a, { throwIfNoEntry: false })
  const sb = statSync(b, { throwIfNoEntry: false })
  if (!sa?.isFile() || !sb?.isFile() || sa.size !== sb.size) return false
  return readFileSync(a).equals(readFileSync(b))
}

export async function countHtml(dir: string): Promise<number> {
  const files = await listFiles(dir).catch(() => [])
  return files.filter((f) => f.endsWith('.html')).length
}
