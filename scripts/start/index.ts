import { randomBytes } from 'node:crypto'
import { loadConfig } from '../../server/config.ts'
import { type RunningApi, startApi } from '../../server/start.ts'
import { buildConfig, defaultHosts } from '../build-sites/config'
import { summaryLines } from '../build-sites/report'
import { runBuild } from '../build-sites/run'
import { type RunningServe, startServe } from '../serve/start-serve'
import { stopChildren, stopOnSignals } from '../shared/children'
import { errorMessage } from '../shared/paths'
import { waitForHealth } from './wait'

/**
 * `npm start`: the API (in this process, embedded PGlite seeded from tenants/ on first run), the
 * first build of every demo tenant, then the sites server, wired so that a publish in the API
 * rebuilds its tenant. The webhook secret is generated per start unless PUBLISH_WEBHOOK_SECRET
 * is set; both sides get the same one. Ctrl-C or SIGTERM stops the server, any build child and
 * the API (which releases the PGlite lock). It is the development launcher: its API runs in
 * development mode (the notifier prints messages instead of sending them when no SMTP is set,
 * decision 018) unless NODE_ENV=production.
 */
let api: RunningApi | undefined
let serve: RunningServe | undefined

async function cleanup(): Promise<void> {
  await serve?.close()
  await api?.close()
}

async function main(): Promise<void> {
  const env = process.env
  const sitePort = Number(env.PORT || 4321)
  const apiPort = Number(env.API_PORT || 4322)
  const secret = env.PUBLISH_WEBHOOK_SECRET || randomBytes(32).toString('hex')
  const hookUrl = `http://127.0.0.1:${sitePort}/_hooks/publish`
  const hookUrls = (env.PUBLISH_WEBHOOK_URLS || hookUrl).split(',').map((u) => u.trim())

  const apiConfig = loadConfig(
    // The sites server proxies /api over loopback and appends the visitor to X-Forwarded-For:
    // the API believes it from there, and from any proxy TRUST_PROXY names (decision 014).
    {
      ...env,
      // only the API's mode: the sites build keeps its own NODE_ENV (decision 007)
      NODE_ENV: env.NODE_ENV === 'production' ? 'production' : 'development',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      TRUST_PROXY: ['127.0.0.1', '::1', env.TRUST_PROXY ?? ''].join(','),
    },
    {
      publishWebhookUrls: hookUrls,
      publishWebhookSecret: secret,
      log: (line) => console.log(`api    ${line}`),
    },
  )
  api = await startApi(apiConfig)
  await waitForHealth(`${api.url}/api/health`)

  const build = buildConfig({ ...env, API_SERVER_URL: api.url, API_URL: api.url })
  const hosts = defaultHosts(build.tenantsDir)
  console.log(`build  first build of ${hosts.length} demo tenant(s) from ${api.url}`)
  const summary = await runBuild(build, {
    hosts,
    pull: true,
    log: (l) => console.log(`build  ${l}`),
  })
  for (const line of summaryLines(summary)) console.log(`build  ${line}`)

  serve = await startServe({
    port: sitePort,
    host: '127.0.0.1',
    build,
    secret,
    log: (line) => console.log(`serve  ${line}`),
  })
  const port = serve.port
  const lines = hosts.map((host) => `  http://${host}:${port}/`)
  console.log(
    [
      '',
      `Storefront running: sites on ${serve.url}, API on ${api.url} (proxied at /api)`,
      ...lines,
      `  http://unknown.localhost:${serve.port}/   (any other host: the maintenance page)`,
      `Publish webhooks: ${hookUrls.join(', ')}. Ctrl-C stops everything.`,
      '',
    ].join('\n'),
  )
}

stopOnSignals(cleanup)
main().catch(async (error: unknown) => {
  console.error(`start failed: ${errorMessage(error)}`)
  await Promise.allSettled([stopChildren(), cleanup()])
  process.exit(1)
})
