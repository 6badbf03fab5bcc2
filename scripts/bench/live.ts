import { readFileSync } from 'node:fs'
import { get } from 'node:http'
import { join } from 'node:path'
import { createApi } from '#api/index'
import { loadConfig } from '#server/config.ts'
import { startApi } from '#server/start.ts'
import { buildConfig } from '../build-sites/config'
import { serverContext } from '../build-sites/pull'
import { runBuild } from '../build-sites/run'
import { startServe } from '../serve/start-serve'
import { errorMessage, projectRoot } from '../shared/paths'
import { freePort } from '../shared/ports'

export interface LiveResult {
  /** The publish-to-live time of each publish, in order. */
  readonly seconds: readonly number[]
  /** What the serve process logged: its rebuilds, with the pages each rebuilt. */
  readonly log: readonly string[]
  readonly note?: string
}

export interface LiveOptions {
  /** The tenant a provider publishes a post to; the 165-page maison-lumiere by default. */
  readonly host?: string
  /** Posts published one after the other, each timed; 1 by default. */
  readonly publishes?: number
}

const DEFAULT_HOST = 'maison-lumiere.localhost'
const quiet = () => undefined
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** node:http, because fetch does not let a caller set the Host header. */
function statusOf(port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    }).on('error', reject)
  })
}

/** The demo tenant's provider account (tenants/<host>/users.json). */
function providerOf(host: string): { email: string; password: string } {
  const users: unknown = JSON.parse(
    readFileSync(join(projectRoot, 'tenants', host, 'users.json'), 'utf8'),
  )
  const provider = (users as Array<{ kind?: string; email: string; password: string }>).find(
    (u) => u.kind === 'provider',
  )
  if (!provider) throw new Error(`${host} has no provider account`)
  return provider
}

/**
 * Publish-to-live through the real pieces, as the publish test describes: the API (in
 * memory, seeded from tenants/) with its webhook pointed at the serve process, the serve process
 * with its rebuild queue, and a provider creating a post through the API. The time runs from
 * the create call to the post's magazine page answering 200 on the site. Each further publish
 * waits until the serve process is idle and its build process ready again.
 */
export async function measureLive(
  benchDir: string,
  options: LiveOptions = {},
): Promise<LiveResult> {
  const host = options.host ?? DEFAULT_HOST
  const secret = 'bench-secret'
  const sitePort = await freePort()
  const seconds: number[] = []
  const log: string[] = []
  const api = await startApi(
    loadConfig(
      {},
      {
        port: 0,
        pgliteDir: 'memory://',
        log: quiet,
        publishWebhookUrls: [`http://127.0.0.1:${sitePort}/_hooks/publish`],
        publishWebhookSecret: secret,
      },
    ),
  )
  const build = buildConfig(process.env, {
    apiUrl: api.url,
    snapshotDir: join(benchDir, 'live', 'snapshots'),
    sitesDir: join(benchDir, 'live', 'sites'),
    workDir: join(benchDir, 'live', 'work'),
  })
  const failed = (note: string): LiveResult => ({ seconds, log, note })
  try {
    // The site is live before the publish, as it is in production.
    const first = await runBuild(build, { hosts: [host], pull: true, log: quiet })
    if (first.failures > 0) return failed(`failed: first build of ${host}`)
    const serve = await startServe({
      port: sitePort,
      host: '127.0.0.1',
      build,
      secret,
      log: (line) => log.push(line),
    })
    try {
      const context = serverContext(api.url)
      const { token } = await createApi(context).startup.companyOfHost(host)
      const session = await createApi({ ...context, companyToken: token }).cmpusers.login({
        body: providerOf(host),
      })
      if (!('token' in session)) return failed(`failed: provider login (${session.errType})`)
      const provider = createApi({ ...context, companyToken: token, providerToken: session.token })
      for (let i = 0; i < (options.publishes ?? 1); i++) {
        await serve.queue.idle()
        await sleep(3_000) // the serve process's build process has loaded Astro
        const slug = `bench-live-${Date.now()}`
        const started = performance.now()
        await provider.content.postsCreate({
          body: {
            slug,
            title: { fr: 'Publié à l’instant', en: 'Just published' },
            published: true,
            lang: ['all'],
          },
        })
        while ((await statusOf(sitePort, `/magazine/${slug}`, host)) !== 200) {
          if (performance.now() - started > 60_000) return failed('failed: not live after 60 s')
          await sleep(20)
        }
        seconds.push((performance.now() - started) / 1000)
      }
      return { seconds, log }
    } finally {
      await serve.close()
    }
  } catch (error) {
    return failed(`failed: ${errorMessage(error)}`)
  } finally {
    await api.close()
  }
}
