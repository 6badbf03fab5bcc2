import { loadConfig } from './config.ts'
import { startApi } from './start.ts'

/**
 * `npm run api`: the API on 127.0.0.1:4322 (PORT, HOST override) with the embedded database, or
 * DATABASE_URL's. SIGINT/SIGTERM close it gracefully; a second signal exits at once.
 */
async function main(): Promise<void> {
  const api = await startApi(loadConfig())
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1)
    stopping = true
    console.log(`${signal} received, stopping the API`)
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(`API failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
