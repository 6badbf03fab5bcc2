import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { HEADERS_FILE } from '#site/headers/headers-file'
import { runPool } from '../shared/pool'
import { VARIANT_SUFFIX } from './compress'
import { moveFile, type PublishResult, publishFolder } from './publish-atomic'
import { listFiles, sameBytes } from './tree'

/**
 * A partial publish (a post's dependent pages, docs/decisions/070-publish-event-in-the-contract.md)
 * replaces its pages in the live folder one by one instead of assembling a whole new tree: a few
 * dozen renames instead of listing, linking and later deleting the tenant's thousands of files.
 * Each page is written beside and renamed over, so a reader gets a whole page, old or new; what
 * a reader may meet for a few milliseconds is two pages of different versions (the trade against
 * the whole-tree swap of decision 006, recorded in decision 070).
 * - The old compressed copies of a page go before its new bytes: a reader gets the page itself
 *   uncompressed for a moment, never a copy of the old one.
 * - Pages new to the site go first, then replaced ones (a list links to a post already there),
 *   pages no longer rendered last.
 * A site not published yet is published whole (publishFolder).
 */
export async function publishInPlace(
  srcDir: string,
  destRoot: string,
  name: string,
  removed: readonly string[],
): Promise<PublishResult> {
  const dest = join(destRoot, name)
  if (!existsSync(dest)) return publishFolder(srcDir, destRoot, name)
  const built = await listFiles(srcDir)
  const pages = built.filter((file) => !isCopy(file))
  const changed = pages.filter((file) => !sameBytes(join(srcDir, file), join(dest, file)))
  const gone = removed.filter((file) => existsSync(join(dest, file)))
  if (changed.length === 0 && gone.length === 0) {
    return { changed: false, written: 0, files: pages.length }
  }
  const { first, fresh, replaced } = inPlaceOrder(changed, (file) => existsSync(join(dest, file)))
  const place = (file: string) => replace(join(srcDir, file), join(dest, file))
  for (const file of first) await place(file)
  await runPool(fresh, IO_CONCURRENCY, place)
  await runPool(replaced, IO_CONCURRENCY, place)
  await runPool(gone, IO_CONCURRENCY, async (file) => {
    await removeCopies(join(dest, file))
    await rm(join(dest, file), { force: true })
  })
  return { changed: true, written: changed.length, files: pages.length }
}

const IO_CONCURRENCY = 32
const COPY_SUFFIXES = Object.values(VARIANT_SUFFIX)
const isCopy = (file: string) => COPY_SUFFIXES.some((suffix) => file.endsWith(suffix))
const suffix = () => randomBytes(4).toString('hex')

/**
 * The changed pages in the order they go live: the site's `_headers` alone first (it allows
 * the old pages' inline scripts and the new ones' alike: liveScriptHashes), then the pages new
 * to the site, then the replaced ones.
 */
export function inPlaceOrder(
  changed: readonly string[],
  isLive: (file: string) => boolean,
): { first: string[]; fresh: string[]; replaced: string[] } {
  const first: string[] = []
  const fresh: string[] = []
  const replaced: string[] = []
  for (const file of changed) {
    if (file === HEADERS_FILE) first.push(file)
    else (isLive(file) ? replaced : fresh).push(file)
  }
  return { first, fresh, replaced }
}

const removeCopies = (page: string) =>
  Promise.all(COPY_SUFFIXES.map((copy) => rm(page + copy, { force: true })))

/** Written beside and renamed over, so a reader never opens half a file. */
async function renameInto(from: string, to: string): Promise<void> {
  const tmp = `${to}.tmp-${suffix()}`
  await moveFile(from, tmp)
  await rename(tmp, to)
}

/** One page and the copies the build wrote for it (the missing ones follow: compressLive). */
async function replace(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true })
  await removeCopies(to)
  await renameInto(from, to)
  for (const copy of COPY_SUFFIXES) {
    if (existsSync(from + copy)) await renameInto(from + copy, to + copy)
  }
}
