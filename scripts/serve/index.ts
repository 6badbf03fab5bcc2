import { buildConfig } from '../build-sites/config'
import { stopOnSignals } from '../shared/children'
import { errorMessage } from '../shared/paths'
import { startServe } from './start-serve'

/** server/config.ts signs with this when PUBLISH_WEBHOOK_SECRET is unset (development only). */
export const DEV_PUBLISH_SECRET = 'dev-publish-secret'

/**
 * `npm run serve`: the built sites on :4321 (PORT, HOST) by Host header, /api proxied to API_URL,
 * publish webhooks at POST /_hooks/publish rebuilding one tenant at a time.
 */
async function main(): Promise<void> {
  const env = process.env
  const secret = env.PUBLISH_WEBHOOK_SECRET || DEV_PUBLISH_SECRET
  if (secret === DEV_PUBLISH_SECRET && env.NODE_ENV === 'production') {
    throw new Error('PUBLISH_WEBHOOK_SECRET is required in production')
  }
  const build = buildConfig(env, env.API_URL ? { apiUrl: env.API_URL.replace(/\/+$/, '') } : {})
  const serve = await startServe({
    port: Number(env.PORT || 4321),
    host: env.HOST || '127.0.0.1',
    build,
    secret,
  })
  console.log(`serve: sites of ${build.sitesDir} on ${serve.url}, /api -> ${build.apiUrl}`)
  stopOnSignals(() => serve.close())
}

main().catch((error: unknown) => {
  console.error(`serve failed to start: ${errorMessage(error)}`)
  process.exit(1)
})
