import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { BatchBuilder, WarmBuilder } from '../build-sites/batches'
import type { BuildConfig } from '../build-sites/config'
import { createPublishStamps } from './publish-stamps'
import { createRebuildQueue, type RebuildQueue, type TenantBuilder } from './queue'
import { createReplayGuard } from './replay-guard'
import { createServeServer } from './server'

export interface StartServeOptions {
  readonly port: number
  readonly host: string
  readonly build: BuildConfig
  readonly secret: string
  readonly log?: (line: string) => void
  /** Replaces the real rebuild (tests). */
  readonly builder?: TenantBuilder
  /**
   * The waiting build process the launcher started for its first build, read once that build is
   * over: the rebuilds keep using it (and the one it starts after each build) instead of
   * starting another.
   */
  readonly warm?: () => WarmBuilder | undefined
  /**
   * Rebuilds (publishes, and those lost in a crash) wait for this: `npm start` serves the last
   * build while its own first build of every tenant runs, and two builds must never publish the
   * same tenant at once (decision 026). The build process kept ready starts after it too, so it
   * takes no core from that first build.
   */
  readonly rebuildsAfter?: Promise<unknown>
}

export interface RunningServe {
  readonly url: string
  readonly port: number
  readonly queue: RebuildQueue
  /** The tenants rebuilt on start: published before a crash, not built since. */
  readonly recovered: readonly string[]
  close(): Promise<void>
}

/**
 * The real rebuild of one tenant: pulled from the API and published by this process, rendered
 * by an Astro child process started ahead of time (createWarmBuilder), so a publish pays
 * neither a Node nor an Astro start-up.
 */
export function rebuildTenant(
  build: BuildConfig,
  builder: BatchBuilder,
  log: (line: string) => void,
): TenantBuilder {
  return async (host, events) => {
    const [{ runBuild }, { summaryLines }] = await Promise.all([
      import('../build-sites/run'),
      import('../build-sites/report'),
    ])
    const what = events ? { events } : {}
    const summary = await runBuild(build, { hosts: [host], pull: true, builder, log, ...what })
    for (const line of summaryLines(summary)) log(line)
    return summary.failures === 0
  }
}

export async function startServe(options: StartServeOptions): Promise<RunningServe> {
  const log = options.log ?? ((line: string) => console.log(line))
  let warm: WarmBuilder | undefined
  let closed = false
  let release: () => void = () => undefined
  const closing = new Promise<void>((resolve) => {
    release = resolve
  })
  // closing ends the wait too: a stop during the first build must not hang on it
  const hold = Promise.race([
    (options.rebuildsAfter ?? Promise.resolve()).catch(() => undefined),
    closing,
  ])
  const ready: Promise<TenantBuilder | undefined> = hold.then(async () => {
    if (closed) return undefined
    if (options.builder) return options.builder
    warm = options.warm?.()
    if (!warm) {
      // The build pipeline's modules load only now: they would delay the first answer.
      const { createWarmBuilder } = await import('../build-sites/batches')
      if (closed) return undefined
      warm = createWarmBuilder(options.build.root)
    }
    return rebuildTenant(options.build, warm.build, log)
  })
  const builder: TenantBuilder = async (host, events) => {
    const build = await ready
    return build ? build(host, events) : false
  }
  // The durable publish queue and the seen webhook ids live beside the build output, so a
  // restart finds them (docs/decisions/015-crash-safety.md).
  const stateDir = join(options.build.workDir, 'publish-queue')
  const stamps = createPublishStamps(stateDir)
  const guard = createReplayGuard({ file: join(stateDir, 'seen-deliveries') })
  const queue = createRebuildQueue(stamps.tracking(builder), (done) => {
    const verdict = done.ok ? 'live' : `FAILED (${done.error ?? 'build failed'})`
    log(`rebuild ${done.host}: ${verdict}, ${(done.ms / 1000).toFixed(2)} s from publish`)
  })
  const server = createServeServer({
    sitesDir: options.build.sitesDir,
    apiUrl: options.build.apiUrl,
    secret: options.secret,
    queue,
    guard,
    stamps,
    log,
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  // Listening first: the current sites are served while the lost publishes are rebuilt.
  const recovered = stamps.pending()
  for (const host of recovered) queue.enqueue(host)
  if (recovered.length > 0) log(`rebuild after restart: ${recovered.join(', ')}`)
  return {
    url: `http://${options.host}:${port}`,
    port,
    queue,
    recovered,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      closed = true
      release()
      await queue.stop()
      ;(warm ?? options.warm?.())?.close()
    },
  }
}
