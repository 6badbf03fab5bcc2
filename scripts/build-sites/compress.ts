import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, readFile, rename, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Encoding } from '#domain/web/accept-encoding'
import { runPool } from '../shared/pool'
import { listFiles, sameBytes } from './tree'

/**
 * Text files worth compressing (decision 026): HTML, scripts, styles, SVG, JSON and XML (the
 * sitemap and feeds). Images and fonts are compressed formats already.
 */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.webmanifest',
  '.xml',
  '.rss',
])

/** Below this a compressed copy saves less than its response headers cost. */
export const MIN_COMPRESS_BYTES = 1024

/** The file beside `file` holding its bytes in `encoding`: `<file>.br`, `<file>.gz`. */
export const VARIANT_SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' }

export const isCompressible = (file: string) => COMPRESSIBLE.has(extname(file).toLowerCase())

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * How hard each kind of file is compressed (docs/decisions/066-compression-levels.md). A
 * tenant's pages are rendered again at every publish of that tenant: brotli 5 and gzip 6, where
 * the curve flattens (brotli 11 saved 10 % more of a page's bytes for 40 times the CPU, more than
 * rendering the page). The shared hashed assets (`_astro/`, the public files, the maintenance
 * page) are built once per deploy and sent to every tenant's visitors: brotli 11, gzip 9.
 */
export type Effort = 'pages' | 'shared'

export const LEVELS: Readonly<Record<Effort, { readonly br: number; readonly gzip: number }>> = {
  pages: { br: 5, gzip: 6 },
  shared: { br: constants.BROTLI_MAX_QUALITY, gzip: constants.Z_BEST_COMPRESSION },
}

/** Brotli's settings for a text file of `size` bytes at `quality` (the benchmark uses them too). */
export function brotliParams(quality: number, size: number): Record<number, number> {
  return {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  }
}

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

const suffixes = Object.entries(VARIANT_SUFFIX) as [Encoding, string][]

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
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` of at least
 * MIN_COMPRESS_BYTES, when the variant is smaller. A file whose bytes equal those of the same
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
  await runPool(files, CONCURRENCY, async (file) => {
    const path = join(dir, file)
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
 * meanwhile by a newer publish is no error: that publish brought its own files. A tenant's
 * pages: LEVELS.pages.
 */
export async function compressLive(dir: string, files: readonly string[]): Promise<number> {
  let written = 0
  await runPool(files, CONCURRENCY, async (file) => {
    try {
      const copies = await writeCopies(
        join(dir, file),
        suffixes,
        'pages',
        async (target, bytes) => {
          const tmp = `${target}.tmp-${randomBytes(4).toString('hex')}`
          await writeFile(tmp, bytes)
          await rename(tmp, target)
        },
      )
      written += copies
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  })
  return written
}
