import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { PRODUCT_NODE_FLAGS } from '#support/product'
import { freePort } from '../shared/ports'

/**
 * A fresh deployment (docs/decisions/085-company-creation.md): `npm start` over an empty
 * database and an empty tenants folder. The platform screen answers on any host, the first
 * administrator registers, creates a company, and its site is built from the API and answers on
 * its host, no file of it in tenants/.
 */
const entry = fileURLToPath(new URL('./index.ts', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'storefront-platform-'))
let child: ChildProcess | undefined
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  rmSync(dir, { recursive: true, force: true })
})

function call(
  port: number,
  path: string,
  options: { host?: string; method?: string; json?: unknown; bearer?: string } = {},
): Promise<{ status: number; body: string }> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json)
  const headers: Record<string, string> = { host: options.host ?? 'localhost' }
  if (body) headers['content-type'] = 'application/json'
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
  return new Promise((resolve) => {
    const sent = request(
      { host: '127.0.0.1', port, path, method: options.method ?? (body ? 'POST' : 'GET'), headers },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      },
    )
    sent.on('error', () => resolve({ status: 0, body: '' }))
    sent.end(body)
  })
}

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('a fresh deployment', () => {
  it('installs, creates a company, and serves its site on its host', {
    timeout: 420_000,
  }, async () => {
    const [port, apiPort] = [await freePort(), await freePort()]
    const tenants = join(dir, 'tenants')
    mkdirSync(tenants)
    let output = ''
    child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, '--import', 'tsx', entry], {
      env: {
        ...process.env,
        PORT: String(port),
        API_PORT: String(apiPort),
        PGLITE_DIR: 'memory://',
        TENANTS_DIR: tenants,
        SITES_DIST_DIR: join(dir, 'sites'),
        SITES_SNAPSHOT_DIR: join(dir, 'snapshots'),
        SITES_WORK_DIR: join(dir, 'work'),
        DATABASE_URL: '',
        PUBLISH_WEBHOOK_SECRET: '',
        PUBLISH_WEBHOOK_URLS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const append = (chunk: Buffer) => {
      output += chunk.toString()
    }
    child.stdout?.on('data', append)
    child.stderr?.on('data', append)
    const running = await until(
      async () => output,
      (text) => /Storefront running/.test(text),
      300_000,
    )
    expect(running).toContain('first build of 0 tenant(s)')

    // the platform screen on a host no company has
    expect((await call(port, '/studio/platform/')).status).toBe(200)
    expect((await call(port, '/studio/platform/en/')).body).toContain('<html lang="en"')
    expect(JSON.parse((await call(port, '/api/admins/installed')).body)).toEqual({
      installed: false,
    })
    const admin = { email: 'admin@platform.example', password: 'admin password' }
    const registered = await call(port, '/api/admins/register', { json: admin })
    expect(registered.status).toBe(200)
    const { token } = JSON.parse(registered.body) as { token: string }
    expect(JSON.parse((await call(port, '/api/admins/installed')).body)).toEqual({
      installed: true,
    })

    const created = await call(port, '/api/companies', {
      bearer: token,
      json: {
        host: 'salon-neuf.localhost',
        name: 'Salon Neuf',
        languages: ['fr', 'en'],
        shop: { name: 'Salon Neuf', city: 'Lyon' },
        owner: { email: 'owner@salon-neuf.example', firstname: 'Olga', lastname: 'Owner' },
      },
    })
    expect(created.status).toBe(200)
    // the company's publish event rebuilds it through the sites server's webhook
    const home = await until(
      () => call(port, '/', { host: 'salon-neuf.localhost' }),
      (answer) => answer.status === 200,
      240_000,
    )
    expect(home.status, output.slice(-2000)).toBe(200)
    expect(home.body).toContain('Salon Neuf')
    expect((await call(port, '/en/', { host: 'salon-neuf.localhost' })).status).toBe(200)
    expect((await call(port, '/studio/', { host: 'salon-neuf.localhost' })).status).toBe(200)
  })
})
