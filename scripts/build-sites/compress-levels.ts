import { extname } from 'node:path'
import { constants } from 'node:zlib'

/**
 * What is compressed and how hard: shared by the publishing process (compress.ts) and the Astro
 * build process's compression thread (page-copies.ts), which runs on Node's type stripping and may
 * import only files that import nothing of the project (astro-batch.ts says why).
 */

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

export const isCompressible = (file: string) => COMPRESSIBLE.has(extname(file).toLowerCase())

/** Below this a compressed copy saves less than its response headers cost. */
export const MIN_COMPRESS_BYTES = 1024

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

/** The copies beside a file, by suffix: `<file>.br`, `<file>.gz` (the serve reads them). */
export const COPY_SUFFIXES = { br: '.br', gzip: '.gz' } as const
export type Copy = keyof typeof COPY_SUFFIXES

/**
 * Which copies each kind of file gets (docs/decisions/105-pages-brotli-only.md). A tenant's
 * pages only a brotli one: every browser sends `br`, and the gzip copy cost a third of the
 * compression thread's time and a file a page; the sites server gzips a page on the fly, at
 * LEVELS.pages.gzip, for a client that accepts gzip and not brotli. The shared assets, built
 * once per deploy, keep both.
 */
export const COPIES: Readonly<Record<Effort, readonly Copy[]>> = {
  pages: ['br'],
  shared: ['br', 'gzip'],
}

/**
 * Brotli's window for `size` bytes: the smallest that holds the whole file, so no match is lost.
 * Its default (4 MiB) made the encoder set up tables a 25 KB page never fills: on the 1,336 pages
 * of a benchmark tenant, quality 5 ran 6-14 % faster with 0.08 % fewer bytes; the shared assets
 * at quality 11 took the same time for 0.01 % more bytes.
 */
export function brotliWindow(size: number): number {
  const bits = Math.ceil(Math.log2(Math.max(1, size)))
  return Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, bits),
  )
}

/** Brotli's settings for a text file of `size` bytes at `quality` (the benchmark uses them too). */
export function brotliParams(quality: number, size: number): Record<number, number> {
  return {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: brotliWindow(size),
  }
}
