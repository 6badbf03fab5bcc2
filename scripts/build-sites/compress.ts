import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip } from 'node:zlib'
import type { Encoding } from '#domain/web/accept-encoding'
import { runPool } from '../shared/pool'
import {
  brotliParams,
  COPIES,
  COPY_SUFFIXES,
  type Effort,
  isCompressible,
  LEVELS,
  MIN_COMPRESS_BYTES,
} from './compress-levels'
import { listFiles, sameBytes } from './tree'

/** The file beside `file` holding its bytes in `encoding`: `<file>.br`, `<file>.gz`. */
export const VARIANT_SUFFIX: Readonly<Record<Encoding, string>> = COPY_SUFFIXES

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

function compressors(
  effort: Effort,
  size: number,
): Record<Encoding, (bytes: Buffer) => Promise<Buffer>> {
  const levels = LEVELS[effort]
  return {
    br: (bytes) => brotli(bytes, { params: brotliParams(levels.br, size) }),
    gzip: (bytes) => gzipAsync(bytes, { level: levels.gzip }),
  }
}

export interface CompressResult {
  /** Variants compressed in this run. */
  readonly compressed: number
  /** Variants copied from the published folder: the source had the same bytes there. */
  readonly reused: number
  /** With `deferChanged`: the files left without copies, for compressLive after the publish. */
  readonly deferred: readonly string[]
}

/** zlib runs on libuv's thread pool (4 threads): a few files at once keep both cores busy. */
const CONCURRENCY = 4

/** The copies a kind of file gets, with their suffixes (COPIES: a page's brotli only). */
const suffixesOf = (effort: Effort): [Encoding, string][] =>
  COPIES[effort].map((encoding) => [encoding, VARIANT_SUFFIX[encoding]])

/**
 * Compresses one file and hands each copy worth keeping (1 KiB or more, smaller than the file)
 * to `write`; the number written.
 */
async function writeCopies(
  path: string,
  encodings: readonly [Encoding, string][],
  effort: Effort,
  write: (target: string, bytes: Uint8Array) => Promise<void>,
): Promise<number> {
  if (encodings.length === 0) return 0
  const bytes = await readFile(path)
  if (bytes.length < MIN_COMPRESS_BYTES) return 0
  const pack = compressors(effort, bytes.length)
  let written = 0
  for (const [encoding, suffix] of encodings) {
    const packed = await pack[encoding](bytes)
    if (packed.length >= bytes.length) continue
    await write(path + suffix, packed)
    written++
  }
  return written
}

/**
 * Writes the copies of `effort` (COPIES: `<file>.br` for a tenant's pages, `<file>.gz` too for
 * the shared assets) beside every compressible file of `dir` of at least MIN_COMPRESS_BYTES,
 * when the variant is smaller, unless the file has a copy already (the
 * Astro build process writes a tenant's pages' copies while it renders, page-copies.ts). A file whose bytes equal those of the same
 * path under `published` (the live folder) takes that folder's variants instead of being
 * compressed again: most pages of a rebuild are unchanged. `effort`: which levels (LEVELS). With
 * `deferChanged`, a file that differs from the published one is only listed: a tenant's
 * changed pages go live first and get their copies right after (compressLive), so brotli never
 * delays a publish.
 */
export async function compressTree(
  dir: string,
  published?: string,
  { deferChanged = false, effort = 'pages' }: { deferChanged?: boolean; effort?: Effort } = {},
): Promise<CompressResult> {
  if (!existsSync(dir)) return { compressed: 0, reused: 0, deferred: [] }
  const files = (await listFiles(dir)).filter(isCompressible)
  let compressed = 0
  let reused = 0
  const deferred: string[] = []
  const suffixes = suffixesOf(effort)
  await runPool(files, CONCURRENCY, async (file) => {
    const path = join(dir, file)
    // copies the build process's threads already wrote (page-copies.ts): nothing left to do
    if (suffixes.some(([, suffix]) => existsSync(path + suffix))) return
    const old = published === undefined ? undefined : join(published, file)
    const same = old !== undefined && sameBytes(path, old)
    if (!same && deferChanged) {
      deferred.push(file)
      return
    }
    const missing: [Encoding, string][] = []
    for (const [encoding, suffix] of suffixes) {
      if (same && existsSync(old + suffix)) {
        await copyFile(old + suffix, path + suffix)
        reused++
      } else missing.push([encoding, suffix])
    }
    // read after the await: `x += await …` would add to a value read before it (a lost update)
    const written = await writeCopies(path, missing, effort, (target, bytes) =>
      writeFile(target, bytes),
    )
    compressed += written
  })
  return { compressed, reused, deferred: deferred.sort() }
}

/**
 * Adds the copies of `files` to a live folder, each written beside and renamed into place, so
 * a request finds either no copy (and gets the file itself) or a whole one. A folder swapped away
 * meanwhile by a newer publish is no error: that publish brought its own files. `effort`: a
 * tenant's pages by default, 'shared' for the assets.
 */
export async function compressLive(
  dir: string,
  files: readonly string[],
  effort: Effort = 'pages',
): Promise<number> {
  let written = 0
  const suffixes = suffixesOf(effort)
  await runPool(files, CONCURRENCY, async (file) => {
    try {
      const copies = await writeCopies(join(dir, file), suffixes, effort, async (target, bytes) => {
        const tmp = `${target}.tmp-${randomBytes(4).toString('hex')}`
        await writeFile(tmp, bytes)
        await rename(tmp, target)
      })
      written += copies
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  })
  return written
}
