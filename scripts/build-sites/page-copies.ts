import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

/** A page Astro has written, to copy compressed beside it (copy-worker.ts). */
export interface CopyJob {
  readonly id: number
  readonly file: string
  readonly bytes: Uint8Array
  /** The same page in the published site: when alike, its copies are reused, not made again. */
  readonly published?: string
}

export interface CopyDone {
  readonly id: number
  readonly written: number
  /** Time the thread spent on this page. */
  readonly ms: number
  readonly error?: string
}

export interface PageCopies {
  /** Resolves once the copies of `file` are written (or found not worth writing). */
  add(file: string, bytes: Uint8Array, published?: string): Promise<void>
  /** Waits for every copy asked for, then ends the threads. */
  close(): Promise<void>
  /** Copies written, and the threads' time spent compressing (ms). */
  readonly stats: { readonly copies: number; readonly ms: number }
}

/**
 * Threads beside the render: one per core but the one Astro renders on (at least one), at most
 * two, since the machine also runs the publishing process and the API.
 */
export function copyThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1))
}

/** The build process's compression threads: each page goes to the least busy one. */
export function startPageCopies(threads = copyThreads()): PageCopies {
  const workers = Array.from({ length: threads }, () => ({
    thread: new Worker(new URL('./copy-worker.ts', import.meta.url)),
    waiting: new Map<number, () => void>(),
  }))
  let nextId = 0
  let copies = 0
  let ms = 0
  const all: Promise<void>[] = []
  for (const worker of workers) {
    worker.thread.on('message', (done: CopyDone) => {
      copies += done.written
      ms += done.ms
      worker.waiting.get(done.id)?.()
      worker.waiting.delete(done.id)
    })
    // a thread that died answers no more: its pages are released without copies, which the
    // publish then makes (compress.ts), rather than the build waiting for ever
    worker.thread.on('exit', () => {
      for (const release of worker.waiting.values()) release()
      worker.waiting.clear()
    })
    worker.thread.on('error', () => undefined)
  }
  return {
    add(file, bytes, published) {
      const id = nextId++
      const worker = workers.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a))
      const done = new Promise<void>((resolve) => worker.waiting.set(id, resolve))
      const job: CopyJob = { id, file, bytes, ...(published ? { published } : {}) }
      worker.thread.postMessage(job)
      all.push(done)
      return done
    },
    async close() {
      await Promise.all(all)
      await Promise.all(workers.map((w) => w.thread.terminate()))
    },
    get stats() {
      return { copies, ms }
    },
  }
}
