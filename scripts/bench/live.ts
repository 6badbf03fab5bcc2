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
  readonly seconds?: number
  readonly note?: string
}

const HOST = 'maison-lumiere.localhost'
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
 * the create call to the post's magazine page answering 200 on the site.
 */
export async function measureLive(benchDir: string): Promise<LiveResult> {
  const secret = 'bench-secret'
  const sitePort = await freePort()
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
  try {
    // The site is live before the publish, as it is in production.
    const first = await runBuild(build, { hosts: [HOST], pull: true, log: quiet })
    if (first.failures > 0) return { note: `failed: first build of ${HOST}` }
    const serve = await startServe({ port: sitePort, host: '127.0.0.1', build, secret, log: quiet })
    try {
      await sleep(3_000) // the serve process's build process has loaded Astro
      const context = serverContext(api.url)
      const { token } = await createApi(context).startup.companyOfHost(HOST)
      const session = await createApi({ ...context, companyToken: token }).cmpusers.login({
        body: providerOf(HOST),
      })
      if (!('token' in session)) return { note: `failed: provider login (${session.errType})` }
      const provider = createApi({ ...context, companyToken: token, providerToken: session.token })
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
      while ((await statusOf(sitePort, `/magazine/${slug}`, HOST)) !== 200) {
        if (performance.now() - started > 60_000) return { note: 'failed: not live after 60 s' }
        await sleep(50)
      }
      return { seconds: (performance.now() - started) / 1000 }
    } finally {
      await serve.close()
    }
  } catch (error) {
    return { note: `failed: ${errorMessage(error)}` }
  } finally {
    await api.close()
  }
}
