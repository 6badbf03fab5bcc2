import { parentPort, workerData } from 'node:worker_threads'
import { loadConfig } from '#server/config.ts'
import { startApi } from '#server/start.ts'
import type { ApiThreadInput, ApiThreadMessage } from './api-thread'

/**
 * The API of `npm start` on its own thread (scripts/start/api-thread.ts): loading its modules
 * and opening PGlite take the event loop for seconds, during which the sites, on the main
 * thread, keep answering (decision 026). A thread, not a process: it ends with `npm start`, so
 * nothing can keep the PGlite lock behind it.
 */
const input = workerData as ApiThreadInput
const post = (message: ApiThreadMessage) => parentPort?.postMessage(message)

try {
  const config = loadConfig(input.env, {
    publishWebhookUrls: input.hookUrls,
    publishWebhookSecret: input.secret,
    log: (line) => console.log(`api    ${line}`),
  })
  const api = await startApi(config)
  parentPort?.on('message', (message: unknown) => {
    if (message !== 'close') return
    api.close().then(
      () => post({ type: 'closed' }),
      (error: unknown) => post({ type: 'error', message: String(error) }),
    )
  })
  post({ type: 'ready', url: api.url })
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) })
}
