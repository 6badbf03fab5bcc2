import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

/** A file of a tenant to write, and to copy compressed beside it (copy-worker.ts). */
export interface CopyJob {
  readonly id: number
  readonly file: string
  readonly bytes: Uint8Array
  /** The thread writes the file itself (Astro did not): its folder too. */
  readonly write: boolean
  /** Worth compressed copies (compress-levels.ts). */
  readonly compress: boolean
  /** The same page in the published site: when alike, its copies are reused, not made again. */
  readonly published?: string
}

export interface CopyDone {
  readonly id: number
  readonly written: number
  /** Time the thread spent on this page. */
  readonly ms: number
  /** A copy that failed: no harm, the publish makes it (compress.ts). */
  readonly error?: string
  /** The file itself was not written: its job fails. */
  readonly pageError?: string
}

export type CopyOutcome = Pick<CopyDone, 'pageError'>

export interface PageCopies {
  /**
   * Resolves once `file` (when asked) and its copies are written, or found not worth writing.
   * With `write`, `bytes` may be moved to the thread: the caller must not read them again.
   */
  add(file: string, bytes: Uint8Array, options: CopyOptions): Promise<CopyOutcome>
  /** Files handed over and not done yet. */
  pending(): number
  /** Waits for every file asked for, then ends the threads. */
  close(): Promise<void>
  /** Copies written, and the threads' time spent writing and compressing (ms). */
  readonly stats: { readonly copies: number; readonly ms: number }
}

export type CopyOptions = Pick<CopyJob, 'write' | 'compress' | 'published'>

/**
 * Threads beside the render: one per core but the one Astro renders on (at least one), at most
 * two, since the machine also runs the publishing process and the API.
 */
export function copyThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1))
}

/**
 * A page the thread writes is no more its renderer's (divert-writes.ts): when the bytes fill
 * their own memory, that memory moves to the thread instead of being copied (postMessage took
 * 0.32 s of the render thread for 10,688 pages instead of 0.73 s). A copy only to compress, or a
 * view into a shared pool, is copied as before.
 */
function handedOver(bytes: Uint8Array, write: boolean): ArrayBuffer[] {
  const { buffer } = bytes
  const whole =
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  return write && whole ? [buffer] : []
}

/** The build process's writing and compression threads: each file goes to the least busy one. */
export function startPageCopies(threads = copyThreads()): PageCopies {
  const workers = Array.from({ length: threads }, () => ({
    thread: new Worker(new URL('./copy-worker.ts', import.meta.url)),
    waiting: new Map<number, (outcome: CopyOutcome) => void>(),
  }))
  let nextId = 0
  let copies = 0
  let ms = 0
  const all: Promise<CopyOutcome>[] = []
  for (const worker of workers) {
    worker.thread.on('message', (done: CopyDone) => {
      copies += done.written
      ms += done.ms
      worker.waiting.get(done.id)?.(
        done.pageError === undefined ? {} : { pageError: done.pageError },
      )
      worker.waiting.delete(done.id)
    })
    // a thread that died answers no more: its files are released rather than the build waiting
    // for ever; copies it did not make are made by the publish (compress.ts), but a page it did
    // not write fails its job
    worker.thread.on('exit', (code) => {
      for (const release of worker.waiting.values())
        release({ pageError: `thread ended (${code})` })
      worker.waiting.clear()
    })
    worker.thread.on('error', () => undefined)
  }
  return {
    add(file, bytes, options) {
      const id = nextId++
      const worker = workers.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a))
      const done = new Promise<CopyOutcome>((resolve) => worker.waiting.set(id, resolve))
      const job: CopyJob = { id, file, bytes, ...options }
      worker.thread.postMessage(job, handedOver(bytes, options.write))
      all.push(done)
      return done
    },
    pending: () => workers.reduce((sum, w) => sum + w.waiting.size, 0),
    async close() {
      await Promise.all(all)
      await Promise.all(workers.map((w) => w.thread.terminate()))
    },
    get stats() {
      return { copies, ms }
    },
  }
}
