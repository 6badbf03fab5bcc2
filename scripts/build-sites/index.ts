import { stopOnSignals } from '../shared/children'
import { errorMessage } from '../shared/paths'
import { apiHosts } from './api-hosts'
import { parseBuildArgs, USAGE } from './args'
import { type BuildConfig, buildConfig, defaultHosts } from './config'
import { summaryLines } from './report'
import { runBuild } from './run'

/**
 * `npm run build:sites`: every tenant (or --tenant HOST) pulled from the running API, built in
 * batches of Astro processes and published atomically to dist/sites/<host>/. Exits 1 when a
 * tenant failed (its last good site stays), 2 on bad usage.
 */
async function main(): Promise<number> {
  let args: ReturnType<typeof parseBuildArgs>
  try {
    args = parseBuildArgs(process.argv.slice(2))
  } catch (error) {
    console.error(`${errorMessage(error)}\n\n${USAGE}`)
    return 2
  }
  if (args.help) {
    console.log(USAGE)
    return 0
  }
  const overrides: Partial<BuildConfig> = {
    ...(args.batchSize === undefined ? {} : { batchSize: args.batchSize }),
    ...(args.parallel === undefined ? {} : { parallel: args.parallel }),
    ...(args.apiUrl === undefined ? {} : { apiUrl: args.apiUrl.replace(/\/+$/, '') }),
  }
  const config = buildConfig(process.env, overrides)
  // every company of the API's directory (docs/decisions/085-company-creation.md); without a
  // pull, the tenants the snapshots were written for are the demo tenants of tenants/
  const hosts =
    args.hosts.length > 0
      ? args.hosts
      : args.pull
        ? await apiHosts(config.apiUrl)
        : defaultHosts(config.tenantsDir)
  if (hosts.length === 0) {
    console.error('no tenant to build: none given and the API lists no company')
    return 2
  }
  const source = args.pull ? `from ${config.apiUrl}` : `from the snapshots in ${config.snapshotDir}`
  console.log(`build:sites: ${hosts.length} tenant(s) ${source}, ${config.batchSize} per build`)
  const summary = await runBuild(config, { hosts, pull: args.pull })
  for (const line of summaryLines(summary)) console.log(line)
  return summary.failures > 0 ? 1 : 0
}

stopOnSignals()
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`build:sites failed: ${errorMessage(error)}`)
    process.exit(1)
  },
)
