import { Worker } from 'node:worker_threads'

export interface ApiThreadInput {
  /** The API's environment (server/config.ts loadConfig reads it). */
  readonly env: Readonly<Record<string, string | undefined>>
  readonly hookUrls: readonly string[]
  readonly secret: string
}

export type ApiThreadMessage =
  | { readonly type: 'ready'; readonly url: string }
  | { readonly type: 'closed' }
  | { readonly type: 'error'; readonly message: string }

export interface ApiThread {
  readonly url: string
  close(): Promise<void>
}

/** The next message of the thread, or an error if it ends first. */
function next(worker: Worker): Promise<ApiThreadMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`the API thread ended (code ${code})`))
    worker.once('exit', onExit)
    worker.once('message', (message: ApiThreadMessage) => {
      worker.off('exit', onExit)
      resolve(message)
    })
  })
}

/**
 * Starts the API in a worker thread (scripts/start/api-worker.ts) and resolves once it listens;
 * close() stops it (server, loops, database: the PGlite lock is released) and ends the thread.
 */
export async function startApiThread(input: ApiThreadInput): Promise<ApiThread> {
  const worker = new Worker(new URL('./api-worker.ts', import.meta.url), { workerData: input })
  const first = await next(worker)
  if (first.type !== 'ready') {
    await worker.terminate()
    throw new Error(first.type === 'error' ? first.message : 'the API thread did not start')
  }
  let closing: Promise<void> | undefined
  return {
    url: first.url,
    close() {
      closing ??= (async () => {
        const answer = next(worker)
        worker.postMessage('close')
        const done = await answer.catch(() => undefined)
        await worker.terminate()
        if (done?.type === 'error') throw new Error(done.message)
      })()
      return closing
    },
  }
}
