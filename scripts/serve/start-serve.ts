import type { AddressInfo } from 'node:net'
import { type BatchBuilder, createWarmBuilder, type WarmBuilder } from '../build-sites/batches'
import type { BuildConfig } from '../build-sites/config'
import { summaryLines } from '../build-sites/report'
import { runBuild } from '../build-sites/run'
import { createRebuildQueue, type RebuildQueue, type TenantBuilder } from './queue'
import { createServeServer } from './server'

export interface StartServeOptions {
  readonly port: number
  readonly host: string
  readonly build: BuildConfig
  readonly secret: string
  readonly log?: (line: string) => void
  /** Replaces the real rebuild (tests). */
  readonly builder?: TenantBuilder
}

export interface RunningServe {
  readonly url: string
  readonly port: number
  readonly queue: RebuildQueue
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
  return async (host) => {
    const summary = await runBuild(build, { hosts: [host], pull: true, builder, log })
    for (const line of summaryLines(summary)) log(line)
    return summary.failures === 0
  }
}

export async function startServe(options: StartServeOptions): Promise<RunningServe> {
  const log = options.log ?? ((line: string) => console.log(line))
  let warm: WarmBuilder | undefined
  let builder = options.builder
  if (!builder) {
    warm = createWarmBuilder(options.build.root)
    builder = rebuildTenant(options.build, warm.build, log)
  }
  const queue = createRebuildQueue(builder, (done) => {
    const verdict = done.ok ? 'live' : `FAILED (${done.error ?? 'build failed'})`
    log(`rebuild ${done.host}: ${verdict}, ${(done.ms / 1000).toFixed(2)} s from publish`)
  })
  const server = createServeServer({
    sitesDir: options.build.sitesDir,
    apiUrl: options.build.apiUrl,
    secret: options.secret,
    queue,
    log,
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host}:${port}`,
    port,
    queue,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await queue.stop()
      warm?.close()
    },
  }
}
