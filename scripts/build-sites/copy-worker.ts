import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { parentPort } from 'node:worker_threads'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import {
  brotliParams,
  COPIES,
  COPY_SUFFIXES,
  type Copy,
  LEVELS,
  MIN_COMPRESS_BYTES,
} from './compress-levels.ts'
import type { CopyDone, CopyJob } from './page-copies.ts'

/**
 * A thread of the Astro build process that writes the pages of a job's tenants and their copies
 * (page-copies.ts, decision 103; COPIES.pages, a brotli one since decision 105): the main thread
 * renders the next pages meanwhile, so neither the writes nor the compression cost the render
 * while a core is free.
 * Synchronous file system and zlib calls: this thread does nothing else, and a synchronous write
 * costs about half of a promise-based one.
 */

/** The published page has these bytes and its copies: the publish reuses them (compress.ts). */
function publishedAlike(published: string, bytes: Uint8Array): boolean {
  const stat = statSync(published, { throwIfNoEntry: false })
  if (!stat?.isFile() || stat.size !== bytes.length) return false
  if (!COPIES.pages.every((copy) => existsSync(published + COPY_SUFFIXES[copy]))) return false
  return readFileSync(published).equals(bytes)
}

const pack: Readonly<Record<Copy, (bytes: Uint8Array) => Uint8Array>> = {
  br: (bytes) => brotliCompressSync(bytes, { params: brotliParams(LEVELS.pages.br, bytes.length) }),
  gzip: (bytes) => gzipSync(bytes, { level: LEVELS.pages.gzip }),
}

function copies(job: CopyJob): number {
  const { bytes, file } = job
  if (bytes.length < MIN_COMPRESS_BYTES) return 0
  if (job.published !== undefined && publishedAlike(job.published, bytes)) return 0
  let written = 0
  for (const encoding of COPIES.pages) {
    const copy = pack[encoding](bytes)
    if (copy.length >= bytes.length) continue
    writeFileSync(file + COPY_SUFFIXES[encoding], copy)
    written++
  }
  return written
}

// the folders this thread made: most pages are a folder of their own, the rest share one
const made = new Set<string>()

function writePage({ file, bytes }: CopyJob): void {
  const folder = dirname(file)
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true })
    made.add(folder)
  }
  writeFileSync(file, bytes)
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

function run(job: CopyJob): Omit<CopyDone, 'ms'> {
  if (job.write) {
    // a page not written fails its job (page-copies.ts); nothing is compressed then
    try {
      writePage(job)
    } catch (error) {
      return { id: job.id, written: 0, pageError: errorText(error) }
    }
  }
  if (!job.compress) return { id: job.id, written: 0 }
  try {
    return { id: job.id, written: copies(job) }
  } catch (error) {
    // no copy is no harm: the publish compresses what has none (compress.ts)
    return { id: job.id, written: 0, error: errorText(error) }
  }
}

parentPort?.on('message', (job: CopyJob) => {
  const started = performance.now()
  const done: CopyDone = { ...run(job), ms: performance.now() - started }
  parentPort?.postMessage(done)
})
