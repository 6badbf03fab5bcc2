import { loadConfig } from './config.ts'
import { startApi } from './start.ts'

/**
 * `npm run api`: the API on 127.0.0.1:4322 (PORT, HOST override) with the embedded database, or
 * DATABASE_URL's. SIGINT/SIGTERM close it gracefully; a second signal exits at once.
 */
async function main(): Promise<void> {
  const started = startApi(loadConfig())
  // The handlers are in place before the start message (startApi has not got past its first
  // await yet): a signal sent as soon as the message is read must close the database, not meet
  // Node's default action. One that comes while starting closes the API once it has started.
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1)
    stopping = true
    console.log(`${signal} received, stopping the API`)
    started
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
  await started
}

main().catch((error: unknown) => {
  console.error(`API failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
