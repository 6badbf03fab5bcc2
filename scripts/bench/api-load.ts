import { Worker } from 'node:worker_threads'

/**
 * The load loop runs in a worker thread, so the API under test keeps the main thread (and its
 * event loop) to itself: `connections` keep-alive connections, each sending its next request as
 * soon as the previous answer is read, for `warmupMs` unmeasured then `durationMs` measured.
 * Plain JavaScript evaluated by the worker (global fetch, undici underneath): no loader needed.
 */
export interface LoadOptions {
  readonly url: string
  readonly headers: Record<string, string>
  readonly connections: number
  readonly warmupMs: number
  readonly durationMs: number
}

export interface LoadResult {
  readonly requests: number
  readonly errors: number
  readonly seconds: number
  readonly p50: number
  readonly p99: number
  readonly max: number
}

const LOOP = `
const { parentPort, workerData } = require('node:worker_threads')
const { url, headers, connections, warmupMs, durationMs } = workerData
;(async () => {
  const begin = performance.now() + warmupMs
  const end = begin + durationMs
  const latencies = []
  let errors = 0
  let last = begin
  async function client() {
    while (performance.now() < end) {
      const sent = performance.now()
      let ok = false
      try {
        const response = await fetch(url, { headers })
        await response.arrayBuffer()
        ok = response.status === 200
      } catch {}
      const done = performance.now()
      if (sent < begin) continue
      if (ok) latencies.push(done - sent)
      else errors++
      last = Math.max(last, done)
    }
  }
  await Promise.all(Array.from({ length: connections }, client))
  parentPort.postMessage({ latencies, errors, seconds: (last - begin) / 1000 })
})()
`

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOOP, { eval: true, workerData: options })
    worker.once('error', reject)
    worker.once('message', (message: { latencies: number[]; errors: number; seconds: number }) => {
      const sorted = [...message.latencies].sort((a, b) => a - b)
      void worker.terminate()
      resolve({
        requests: sorted.length,
        errors: message.errors,
        seconds: message.seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
      })
    })
  })
}
