import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isNotNull } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createApi } from '#api/index'
import { loadConfig } from '#server/config.ts'
import { webhookDeliveries } from '#server/db/schema/index.ts'
import { type RunningApi, startApi } from '#server/start.ts'
import { buildConfig } from '../build-sites/config'
import { serverContext } from '../build-sites/pull'
import { runBuild } from '../build-sites/run'
import { projectRoot } from '../shared/paths'
import { freePort } from '../shared/ports'

// docs/decisions/015-crash-safety.md: kill -9 of the sites server during a rebuild, then
// a restart, and the published post is live. `npm run serve` as a child process, the API in this
// one.
const HOST = 'maison-lumiere.localhost'
const SECRET = 'crash-test-secret'
const entry = fileURLToPath(new URL('./index.ts', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'serve-crash-'))
const started: ChildProcess[] = []
let api: RunningApi | undefined

afterAll(async () => {
  for (const child of started) child.kill('SIGKILL')
  await api?.close()
  rmSync(dir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function statusOf(port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    get({ host: '127.0.0.1', port, path, headers: { host: HOST } }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    }).on('error', () => resolve(0))
  })
}

async function until<T>(what: string, check: () => T | Promise<T>, ms: number): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`)
    await sleep(25)
  }
}

/** The processes the serve process started (its Astro build child), to end them too. */
function childrenOf(pid: number): number[] {
  const found: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) found.push(Number(name))
    } catch {
      // exited meanwhile
    }
  }
  return found
}

function startServeProcess(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let output = ''
  const add = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout?.on('data', add)
  child.stderr?.on('data', add)
  return { child, output: () => output }
}

describe('sites server crash during a rebuild', () => {
  it('rebuilds on restart the publish it had acknowledged, serving the current site meanwhile', {
    timeout: 240_000,
  }, async () => {
    const sitePort = await freePort()
    api = await startApi(
      loadConfig(
        {},
        {
          port: 0,
          pgliteDir: 'memory://',
          log: () => undefined,
          publishWebhookUrls: [`http://127.0.0.1:${sitePort}/_hooks/publish`],
          publishWebhookSecret: SECRET,
        },
      ),
    )
    const paths = {
      SITES_SNAPSHOT_DIR: join(dir, 'snapshots'),
      SITES_DIST_DIR: join(dir, 'sites'),
      SITES_WORK_DIR: join(dir, 'work'),
    }
    const build = buildConfig({ ...process.env, ...paths }, { apiUrl: api.url })
    expect(
      (await runBuild(build, { hosts: [HOST], pull: true, log: () => undefined })).failures,
    ).toBe(0)
    const env = {
      ...paths,
      PORT: String(sitePort),
      HOST: '127.0.0.1',
      API_URL: api.url,
      PUBLISH_WEBHOOK_SECRET: SECRET,
      NODE_ENV: 'test',
    }

    const first = startServeProcess(env)
    await until('serve listening', () => first.output().includes('serve: sites of'), 60_000)

    // A provider publishes a post; the API's webhook reaches the serve process, which answers
    // 202 and starts the rebuild.
    const context = serverContext(api.url)
    const { token } = await createApi(context).startup.companyOfHost(HOST)
    const users = JSON.parse(
      readFileSync(join(projectRoot, 'tenants', HOST, 'users.json'), 'utf8'),
    ) as Array<{ kind?: string; email: string; password: string }>
    const provider = users.find((u) => u.kind === 'provider')
    if (!provider) throw new Error(`${HOST} has no provider`)
    const session = await createApi({ ...context, companyToken: token }).cmpusers.login({
      body: { email: provider.email, password: provider.password },
    })
    if (!('token' in session)) throw new Error('provider login failed')
    const slug = `crash-${Date.now()}`
    await createApi({
      ...context,
      companyToken: token,
      providerToken: session.token,
    }).content.postsCreate({
      body: { slug, title: { fr: 'Survit', en: 'Survives' }, published: true, lang: ['all'] },
    })
    const db = api.database.db
    // Acknowledged: the API holds the delivery as done and will not send it again.
    await until(
      'the webhook acknowledged',
      async () =>
        (await db.select().from(webhookDeliveries).where(isNotNull(webhookDeliveries.deliveredAt)))
          .length > 0,
      30_000,
    )
    expect(first.output()).toContain(`publish hook: ${HOST} queued`)

    // kill -9 mid-build: no handler runs.
    const orphans = childrenOf(first.child.pid ?? 0)
    const killed = new Promise((resolve) => first.child.once('exit', resolve))
    first.child.kill('SIGKILL')
    await killed
    // Its Astro child would finish the build for no one: spare the shared CPU.
    for (const pid of orphans) process.kill(pid, 'SIGKILL')
    expect(first.output()).not.toMatch(/rebuild .*: live/)
    expect(await statusOf(sitePort, `/magazine/${slug}`)).toBe(0)

    const second = startServeProcess(env)
    await until('serve restarted', () => second.output().includes('serve: sites of'), 60_000)
    // The current site answers while the lost publish is rebuilt.
    expect(await statusOf(sitePort, '/')).toBe(200)
    expect(second.output()).toContain(`rebuild after restart: ${HOST}`)
    expect(await statusOf(sitePort, `/magazine/${slug}`)).toBe(404)
    const startedAt = Date.now()
    await until(
      'the post live',
      async () => (await statusOf(sitePort, `/magazine/${slug}`)) === 200,
      60_000,
    )
    console.log(`restart to post live: ${((Date.now() - startedAt) / 1000).toFixed(2)} s`)
    const rebuilt = new RegExp(`rebuild ${HOST.replace(/\./g, '\\.')}: live`)
    await until('the rebuild logged', () => rebuilt.test(second.output()), 10_000)
    // Exactly one delivery: the post came back from the serve process's own queue.
    expect(await db.select().from(webhookDeliveries)).toHaveLength(1)
  })
})
