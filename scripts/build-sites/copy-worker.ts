import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { brotliParams, COPY_SUFFIXES, LEVELS, MIN_COMPRESS_BYTES } from './compress-levels.ts'
import type { CopyDone, CopyJob } from './page-copies.ts'

/**
 * A thread of the Astro build process that writes the brotli and gzip copies of each page as
 * soon as Astro has written it (page-copies.ts): the main thread renders the next pages
 * meanwhile, so compressing costs the build no wall time while a core is free. Synchronous zlib:
 * this thread does nothing else.
 */

/** The published page has these bytes and its copies: the publish reuses them (compress.ts). */
function publishedAlike(published: string, bytes: Uint8Array): boolean {
  const stat = statSync(published, { throwIfNoEntry: false })
  if (!stat?.isFile() || stat.size !== bytes.length) return false
  if (!Object.values(COPY_SUFFIXES).every((suffix) => existsSync(published + suffix))) return false
  return readFileSync(published).equals(bytes)
}

function copies(job: CopyJob): number {
  const { bytes, file } = job
  if (bytes.length < MIN_COMPRESS_BYTES) return 0
  if (job.published !== undefined && publishedAlike(job.published, bytes)) return 0
  const packed = {
    br: brotliCompressSync(bytes, { params: brotliParams(LEVELS.pages.br, bytes.length) }),
    gzip: gzipSync(bytes, { level: LEVELS.pages.gzip }),
  }
  let written = 0
  for (const encoding of ['br', 'gzip'] as const) {
    const copy = packed[encoding]
    if (copy.length >= bytes.length) continue
    writeFileSync(file + COPY_SUFFIXES[encoding], copy)
    written++
  }
  return written
}

parentPort?.on('message', (job: CopyJob) => {
  const started = performance.now()
  let done: CopyDone
  try {
    done = { id: job.id, written: copies(job), ms: performance.now() - started }
  } catch (error) {
    // no copy is no harm: the publish compresses what has none (compress.ts)
    const message = error instanceof Error ? error.message : String(error)
    done = { id: job.id, written: 0, ms: performance.now() - started, error: message }
  }
  parentPort?.postMessage(done)
})
