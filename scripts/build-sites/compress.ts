import { existsSync } from 'node:fs'
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Encoding } from '../../src/domain/web/accept-encoding'
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

/** Brotli at its best (11): compressed once at build time, sent many times. gzip at 9. */
function compressors(size: number): Record<Encoding, (bytes: Buffer) => Promise<Buffer>> {
  return {
    br: (bytes) =>
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
    gzip: (bytes) => gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  }
}

export interface CompressResult {
  /** Variants compressed in this run. */
  readonly compressed: number
  /** Variants copied from the published folder: the source had the same bytes there. */
  readonly reused: number
}

/** zlib runs on libuv's thread pool (4 threads): a few files at once keep both cores busy. */
const CONCURRENCY = 4

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` of at least
 * MIN_COMPRESS_BYTES, when the variant is smaller. A file whose bytes equal those of the same
 * path under `published` (the live folder) takes that folder's variants instead of being
 * compressed again: brotli at 11 is slow, and most pages of a rebuild are unchanged.
 */
export async function compressTree(dir: string, published?: string): Promise<CompressResult> {
  if (!existsSync(dir)) return { compressed: 0, reused: 0 }
  const files = (await listFiles(dir)).filter(isCompressible)
  let compressed = 0
  let reused = 0
  await runPool(files, CONCURRENCY, async (file) => {
    const path = join(dir, file)
    const old = published === undefined ? undefined : join(published, file)
    const same = old !== undefined && sameBytes(path, old)
    let bytes: Buffer | undefined
    for (const [encoding, suffix] of Object.entries(VARIANT_SUFFIX) as [Encoding, string][]) {
      if (same && existsSync(old + suffix)) {
        await copyFile(old + suffix, path + suffix)
        reused++
        continue
      }
      bytes ??= await readFile(path)
      if (bytes.length < MIN_COMPRESS_BYTES) return
      const packed = await compressors(bytes.length)[encoding](bytes)
      if (packed.length >= bytes.length) continue
      await writeFile(path + suffix, packed)
      compressed++
    }
  })
  return { compressed, reused }
}
