import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, link, mkdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { runPool } from '../shared/pool'
import { listFiles, sameBytes } from './tree'

export interface PublishResult {
  /** False when the new output equals the published one: nothing was touched. */
  readonly changed: boolean
  /** Files whose bytes are new (written); the others were carried over untouched. */
  readonly written: number
  readonly files: number
}

// The new tree is made on the same file system as the old one, so both moves below are
// renames; a build directory on another device falls back to copying.
export async function moveFile(from: string, to: string): Promise<void> {
  if (!(await renamed(from, to))) await copyFile(from, to)
}

/** Renames a file or folder; false when `to` lies on another device (nothing was moved). */
async function renamed(from: string, to: string): Promise<boolean> {
  try {
    await rename(from, to)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    return false
  }
}

/**
 * An unchanged file enters the new tree as a hard link to the published one: same inode, so the
 * same bytes and mtime, and nothing for a CDN sync to upload. Where links are refused, a copy
 * with the old times restored.
 */
async function carryOver(from: string, to: string): Promise<void> {
  try {
    await link(from, to)
  } catch {
    const { atime, mtime } = await stat(from)
    await copyFile(from, to)
    await utimes(to, atime, mtime)
  }
}

const IO_CONCURRENCY = 32

/**
 * The file that says a folder of `destRoot` is being swapped: written before the first rename,
 * removed after the second. A reader that finds the folder missing while it exists waits for the
 * new one instead of answering that there is no site (scripts/serve/server.ts, decision 026).
 */
export function swapMarker(destRoot: string, name: string): string {
  return join(destRoot, `.${name}.swapping`)
}

const suffix = () => randomBytes(4).toString('hex')

/**
 * Replaces `destRoot/name/` with the files of `srcDir` so that a reader sees either the whole old
 * folder or the whole new one. The new tree is assembled beside the old one
 * (`.<name>.tmp-xxxx`), then two renames swap them and the old tree is deleted. Any failure
 * before the swap leaves the old folder as it was. Files of `srcDir` are moved, not copied.
 */
export async function publishFolder(
  srcDir: string,
  destRoot: string,
  name: string,
): Promise<PublishResult> {
  const dest = join(destRoot, name)
  const incoming = await listFiles(srcDir)
  const existing = existsSync(dest) ? await listFiles(dest) : []
  const previous = new Set(existing)
  const unchanged = new Set(
    incoming.filter(
      (file) => previous.has(file) && sameBytes(join(srcDir, file), join(dest, file)),
    ),
  )
  const files = incoming.length
  if (existsSync(dest) && unchanged.size === files && existing.length === files) {
    return { changed: false, written: 0, files }
  }

  await mkdir(destRoot, { recursive: true })
  const tmp = join(destRoot, `.${name}.tmp-${suffix()}`)
  try {
    // Nothing published yet (a first build): the whole folder is renamed once, not file by
    // file, which also left one empty folder per page behind for the batch's removal to walk.
    if (!existsSync(dest) && (await renamed(srcDir, tmp))) {
      await rename(tmp, dest)
      return { changed: true, written: files, files }
    }
    const dirs = [...new Set(incoming.map((file) => dirname(join(tmp, file))))].sort()
    for (const dir of dirs) await mkdir(dir, { recursive: true })
    // Moved a few dozen at a time: one by one, the round trips (not the bytes) dominate.
    await runPool(incoming, IO_CONCURRENCY, (file) =>
      unchanged.has(file)
        ? carryOver(join(dest, file), join(tmp, file))
        : moveFile(join(srcDir, file), join(tmp, file)),
    )
    // An empty output still publishes an (empty) folder rather than none.
    await mkdir(tmp, { recursive: true })
    if (existsSync(dest)) {
      const old = join(destRoot, `.${name}.old-${suffix()}`)
      const marker = swapMarker(destRoot, name)
      await writeFile(marker, '')
      try {
        await rename(dest, old)
        // the new tree refused: the old one goes back, so the site is never left missing
        await rename(tmp, dest).catch(async (error: unknown) => {
          await rename(old, dest)
          throw error
        })
      } finally {
        await rm(marker, { force: true })
      }
      await rm(old, { recursive: true, force: true })
    } else {
      await rename(tmp, dest)
    }
  } catch (error) {
    await rm(tmp, { recursive: true, force: true })
    throw error
  }
  return { changed: true, written: files - unchanged.size, files }
}

/**
 * Adds files to a shared folder without removing any: `_astro` assets are content-hashed, so a
 * name always means the same bytes and sites published earlier keep finding theirs. Each file is
 * written beside and renamed, and a file already present with the same bytes is left alone.
 */
export async function mergeFolder(srcDir: string, destDir: string): Promise<number> {
  if (!existsSync(srcDir)) return 0
  let written = 0
  for (const file of await listFiles(srcDir)) {
    const from = join(srcDir, file)
    const to = join(destDir, file)
    if (sameBytes(from, to)) continue
    await mkdir(dirname(to), { recursive: true })
    const tmp = `${to}.tmp-${suffix()}`
    await moveFile(from, tmp)
    await rename(tmp, to)
    written++
  }
  return written
}
