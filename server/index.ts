import { loadConfig } from './config.ts'
import { startApi } from './start.ts'

/**
 * `npm run api`: the API on 127.0.0.1:4322 (PORT, HOST override) with the embedded database, or
 * DATABASE_URL's. SIGINT/SIGTERM close it gracefully; a second signal exits at once.
 */
async function main(): Promise<void> {
  // The handlers are in place before the start message: a signal sent as soon as it is read
  // would otherwise meet Node's default action and end the process without closing the database.
  let stopping = false
  let started: Promise<Awaited<ReturnType<typeof startApi>>> | undefined
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1)
    stopping = true
    console.log(`${signal} received, stopping the API`)
    ;(started ?? Promise.reject(new Error('not started')))
      .then((api) => api.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error)
          process.exit(1)
        },
      )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  started = startApi(loadConfig())
  await started
}

main().catch((error: unknown) => {
  console.error(`API failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
