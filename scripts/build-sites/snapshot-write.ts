import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { SiteSnapshot } from '#contract/site-snapshot'
import { snapshotFile } from '#site/snapshots'

/**
 * The bytes of a snapshot on disk. The object comes out of the contract's schemas, whose key
 * order is fixed, so the same data always serialises to the same bytes.
 */
export function serializeSnapshot(snapshot: SiteSnapshot): string {
  return `${JSON.stringify(snapshot, null, 2)}\n`
}

/**
 * Writes `content` to `file` unless the file already holds exactly those bytes, so unchanged data
 * leaves the snapshot (and its mtime) alone. The write goes beside the file and is renamed over
 * it, so the pages never read half a snapshot. Returns whether the file was written.
 */
export async function writeIfChanged(file: string, content: string | Buffer): Promise<boolean> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content
  const current = await readFile(file).catch(() => undefined)
  if (current?.equals(bytes)) return false
  await mkdir(dirname(file), { recursive: true })
  const tmp = `${file}.tmp-${randomBytes(4).toString('hex')}`
  try {
    await writeFile(tmp, bytes)
    await rename(tmp, file)
  } catch (error) {
    await rm(tmp, { force: true })
    throw error
  }
  return true
}

export function writeSnapshot(dir: string, snapshot: SiteSnapshot): Promise<boolean> {
  return writeIfChanged(snapshotFile(dir, snapshot.host), serializeSnapshot(snapshot))
}
