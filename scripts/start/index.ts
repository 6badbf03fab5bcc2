import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { WarmBuilder } from '../build-sites/batches'
import { buildConfig, defaultHosts } from '../build-sites/config'
import { type RunningServe, startServe } from '../serve/start-serve'
import { stopChildren, stopOnSignals } from '../shared/children'
import { errorMessage } from '../shared/paths'
import { type ApiThread, startApiThread } from './api-thread'
import { isFirstStart, startSeedBuild } from './seed-pages'
import { waitForHealth } from './wait'

/**
 * `npm start`: the sites server first, answering with the last build at once (decision 026),
 * then, side by side, an Astro build process that loads and bundles the site ahead of its job
 * and the API (on a worker thread of this process, scripts/start/api-thread.ts: embedded PGlite
 * seeded from tenants/ on first run); once the API answers, a build of every demo tenant in that
 * process, each tenant published atomically over its last build as soon as its pages are written,
 * the smallest first (docs/decisions/074-serve-while-building.md); a publish in the API rebuilds
 * its tenant once that first build is done. The webhook secret is generated per start unless PUBLISH_WEBHOOK_SECRET
 * is set; both sides get the same one. Ctrl-C or SIGTERM stops the server, any build child and
 * the API (which releases the PGlite lock). It is the development launcher: its API runs in
 * development mode (the notifier prints messages instead of sending them when no SMTP is set,
 * decision 018) unless NODE_ENV=production.
 */
let api: ApiThread | undefined
let serve: RunningServe | undefined
let warm: WarmBuilder | undefined

async function cleanup(): Promise<void> {
  await serve?.close()
  await api?.close()
}

function positivePort(value: string | undefined, fallback: number, name: string): number {
  const port = Number(value || fallback)
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name}: a port number`)
  return port
}

async function main(): Promise<void> {
  const env = process.env
  const sitePort = positivePort(env.PORT, 4321, 'PORT')
  // a fixed port: the sites server proxies to it before the API has started
  const apiPort = positivePort(env.API_PORT, 4322, 'API_PORT')
  const apiUrl = `http://127.0.0.1:${apiPort}`
  const secret = env.PUBLISH_WEBHOOK_SECRET || randomBytes(32).toString('hex')
  const hookUrl = `http://127.0.0.1:${sitePort}/_hooks/publish`
  const hookUrls = (env.PUBLISH_WEBHOOK_URLS || hookUrl).split(',').map((u) => u.trim())
  const build = buildConfig({ ...env, API_SERVER_URL: apiUrl, API_URL: apiUrl })
  const hosts = defaultHosts(build.tenantsDir)
  // before the API starts: it creates its database folder
  const firstStart = isFirstStart(env)

  let firstBuildDone: () => void = () => undefined
  const firstBuild = new Promise<void>((resolve) => {
    firstBuildDone = resolve
  })
  serve = await startServe({
    port: sitePort,
    host: '127.0.0.1',
    build,
    secret,
    log: (line) => console.log(`serve  ${line}`),
    rebuildsAfter: firstBuild,
    warm: () => warm,
  })
  const last = hosts.filter((host) => existsSync(join(build.sitesDir, host)))
  if (last.length > 0) {
    const ms = Math.round(performance.now())
    console.log(
      `serve  the last build of ${last.length} tenant(s) on ${serve.url}, ${ms} ms after start`,
    )
  }

  // Loading Astro and bundling the site take seconds: done while the API starts, not after.
  const { createWarmBuilder } = await import('../build-sites/batches')
  const builder = createWarmBuilder(build.root)
  warm = builder
  const buildLog = (line: string) => console.log(`build  ${line}`)
  // decision 074: on a first start, the sites are rendered from tenants/ while the API seeds
  const unpublished = hosts.filter((host) => !existsSync(join(build.sitesDir, host)))
  const seed =
    firstStart && unpublished.length > 0
      ? startSeedBuild(build, unpublished, builder, buildLog)
      : undefined
  // Loading the API's modules and creating its database take both cores for seconds: on a first
  // start it waits until a tenant's pages are written, so that a first page comes before it.
  await seed?.firstServed

  // The API loads and starts on its own thread: the sites above keep answering meanwhile.
  api = await startApiThread({
    // The sites server proxies /api over loopback and appends the visitor to X-Forwarded-For:
    // the API believes it from there, and from any proxy TRUST_PROXY names (decision 014).
    env: {
      ...env,
      // only the API's mode: the sites build keeps its own NODE_ENV (decision 007)
      NODE_ENV: env.NODE_ENV === 'production' ? 'production' : 'development',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      TRUST_PROXY: ['127.0.0.1', '::1', env.TRUST_PROXY ?? ''].join(','),
    },
    hookUrls,
    secret,
  })
  // the build pipeline's modules, once the sites answer
  const [{ runBuild }, { summaryLines }, { buildStudio }, { apiHosts }] = await Promise.all([
    import('../build-sites/run'),
    import('../build-sites/report'),
    import('../build-studio/build-studio'),
    import('../build-sites/api-hosts'),
  ])
  await waitForHealth(`${api.url}/api/health`)
  seed?.stop()
  await seed?.done

  // every company of the API, created through the platform or seeded from tenants/ (decision 085)
  const companies = await apiHosts(api.url)
  console.log(`build  first build of ${companies.length} tenant(s) from ${api.url}`)
  try {
    // the studio is one build for every tenant, beside theirs (docs/decisions/071-studio-app.md)
    const [summary] = await Promise.all([
      runBuild(build, { hosts: companies, pull: true, builder: builder.build, log: buildLog }),
      buildStudio(build, buildLog),
    ])
    for (const line of summaryLines(summary)) buildLog(line)
  } finally {
    firstBuildDone()
  }

  const port = serve.port
  const lines = companies.map((host) => `  http://${host}:${port}/`)
  console.log(
    [
      '',
      `Storefront running: sites on ${serve.url}, API on ${api.url} (proxied at /api)`,
      ...lines,
      `  http://${companies[0] ?? 'HOST'}:${port}/studio/   (the studio of any tenant host: staff sign-in)`,
      `  http://localhost:${port}/studio/platform/   (the platform: installation, new companies)`,
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
