import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type S3TestServer, startS3Server } from '#support/s3-server.ts'
import { projectRoot } from '../shared/paths.ts'
import { type Bucket, openBucket } from './bucket.ts'
import { type DeployConfig, deployConfig } from './config.ts'
import { IMMUTABLE, REVALIDATE } from './plan.ts'
import { deployTenant } from './run.ts'

const HOST = 'shop.localhost'
const PREFIX = 'sites/'
const HTML = 'text/html; charset=utf-8'

/** A built tenant as dist/sites lays it out (decision 006), with precompressed siblings. */
const BUILD: Record<string, string> = {
  [`${HOST}/index.html`]: '<script type="module" src="/_astro/app.abc123.js"></script>home',
  [`${HOST}/index.html.br`]: 'brotli bytes of the home page',
  [`${HOST}/fr/index.html`]: '<link rel="stylesheet" href="/_astro/site.def456.css">accueil',
  [`${HOST}/old.html`]: 'a page the next build no longer has',
  [`${HOST}/robots.txt`]: 'User-agent: *',
  [`${HOST}/_headers`]: '/*\n  Content-Security-Policy: default-src self',
  '_astro/app.abc123.js': 'console.log(1)',
  '_astro/app.abc123.js.gz': 'gzip bytes of the script',
  '_astro/site.def456.css': 'body{color:red}',
  '_public/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '_maintenance/index.html': 'back soon',
}

let s3: S3TestServer
let sitesDir: string
let config: DeployConfig
let client: S3Client
/** Every bucket operation of the deploys, in the order they were asked. */
const operations: string[] = []
/** The keys the server stored during the first deploy, in its order. */
let firstPuts: string[] = []

function recorded(bucket: Bucket): Bucket {
  return {
    ...bucket,
    put: (upload, body) => {
      operations.push(`put ${upload.key}`)
      return bucket.put(upload, body)
    },
    delete: (keys) => {
      for (const key of keys) operations.push(`delete ${key}`)
      return bucket.delete(keys)
    },
  }
}

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(sitesDir, path)), { recursive: true })
  await writeFile(join(sitesDir, path), text)
}

async function deploy() {
  const bucket = openBucket(config)
  try {
    return await deployTenant(config, recorded(bucket), HOST, { log: () => undefined })
  } finally {
    bucket.close()
  }
}

const head = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}${key}` }))

beforeAll(async () => {
  s3 = await startS3Server()
  sitesDir = await mkdtemp(join(tmpdir(), 'deploy-sites-'))
  for (const [path, text] of Object.entries(BUILD)) await write(path, text)
  config = deployConfig(
    {
      S3_BUCKET: s3.bucket,
      S3_PREFIX: PREFIX,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      SITES_DIST_DIR: sitesDir,
    },
    { concurrency: 4 },
  )
  client = new S3Client({
    endpoint: s3.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: s3.credentials,
  })
  // Already online: another tenant, and an asset older pages of any tenant may still use.
  for (const key of ['other.localhost/index.html', '_astro/old.999.js']) {
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}${key}`, Body: 'kept' }),
    )
  }
})

afterAll(async () => {
  client?.destroy()
  await s3?.stop()
  if (sitesDir) await rm(sitesDir, { recursive: true, force: true })
})

describe('npm run deploy against an S3-compatible server', () => {
  it('sends every file of a first deploy with its type, encoding and cache rule', async () => {
    const before = s3.puts.length
    const report = await deploy()
    expect([...report.uploaded].sort()).toEqual(Object.keys(BUILD).sort())
    firstPuts = s3.puts.slice(before)
    expect([...firstPuts].sort()).toEqual(
      Object.keys(BUILD)
        .map((k) => `${PREFIX}${k}`)
        .sort(),
    )

    const expected: Record<string, [string, string | undefined, string]> = {
      [`${HOST}/index.html`]: [HTML, undefined, REVALIDATE],
      [`${HOST}/index.html.br`]: [HTML, 'br', REVALIDATE],
      [`${HOST}/robots.txt`]: ['text/plain; charset=utf-8', undefined, REVALIDATE],
      '_astro/app.abc123.js': ['text/javascript; charset=utf-8', undefined, IMMUTABLE],
      '_astro/app.abc123.js.gz': ['text/javascript; charset=utf-8', 'gzip', IMMUTABLE],
      '_astro/site.def456.css': ['text/css; charset=utf-8', undefined, IMMUTABLE],
      '_public/favicon.svg': ['image/svg+xml', undefined, REVALIDATE],
    }
    for (const [key, [type, encoding, cache]] of Object.entries(expected)) {
      const object = await head(key)
      expect([key, object.ContentType, object.ContentEncoding, object.CacheControl]).toEqual([
        key,
        type,
        encoding,
        cache,
      ])
    }
    const page = await client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}${HOST}/fr/index.html` }),
    )
    expect(await page.Body?.transformToString()).toBe(BUILD[`${HOST}/fr/index.html`])
  })

  it('stores every asset before the first page (order of the PUTs the server completed)', () => {
    const isPage = (key: string) => /\.html(\.br)?$|\/_headers$/.test(key)
    const firstPage = firstPuts.findIndex(isPage)
    const lastAsset = firstPuts.findLastIndex((key) => !isPage(key))
    expect(firstPage).toBeGreaterThan(0)
    expect(lastAsset).toBeLessThan(firstPage)
  })

  it('sends nothing when the build did not change (npm run deploy, configured by the environment)', async () => {
    const before = s3.puts.length
    const { stdout } = await promisify(execFile)(
      join(projectRoot, 'node_modules/.bin/tsx'),
      ['scripts/deploy/index.ts', '--tenant', HOST],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          S3_BUCKET: s3.bucket,
          S3_PREFIX: PREFIX,
          S3_ENDPOINT: s3.endpoint,
          S3_FORCE_PATH_STYLE: 'true',
          AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
          AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
          SITES_DIST_DIR: sitesDir,
        },
      },
    )
    expect(stdout).toContain(
      `deploy ${HOST}: sent 0, deleted 0, unchanged ${Object.keys(BUILD).length}`,
    )
    expect(s3.puts.length).toBe(before)
  })

  it('sends a changed file alone', async () => {
    await write(`${HOST}/fr/index.html`, 'accueil, nouvelle version')
    const before = s3.puts.length
    const report = await deploy()
    expect(report.uploaded).toEqual([`${HOST}/fr/index.html`])
    expect(report.deleted).toEqual([])
    expect(s3.puts.slice(before)).toEqual([`${PREFIX}${HOST}/fr/index.html`])
  })

  it('deletes a file removed from the build, after the uploads, and nothing outside the tenant', async () => {
    await unlink(join(sitesDir, `${HOST}/old.html`))
    await write('_astro/app.fff000.js', 'console.log(2)')
    await write(`${HOST}/index.html`, '<script type="module" src="/_astro/app.fff000.js"></script>')
    operations.length = 0
    const report = await deploy()
    expect(report.deleted).toEqual([`${HOST}/old.html`])
    expect(operations).toEqual([
      'put _astro/app.fff000.js',
      `put ${HOST}/index.html`,
      `delete ${HOST}/old.html`,
    ])
    await expect(head(`${HOST}/old.html`)).rejects.toMatchObject({ name: 'NotFound' })
    for (const kept of [
      'other.localhost/index.html',
      '_astro/old.999.js',
      '_astro/app.abc123.js',
    ]) {
      expect((await head(kept)).ContentLength).toBeGreaterThan(0)
    }
  })

  it('sends no page and deletes nothing when an asset upload fails; the next run finishes', async () => {
    await write('_astro/app.0a0b0c.js', 'console.log(3)')
    await write(`${HOST}/index.html`, '<script type="module" src="/_astro/app.0a0b0c.js"></script>')
    await write(`${HOST}/fr/old.html`, 'to be removed')
    await deploy()
    await unlink(join(sitesDir, `${HOST}/fr/old.html`))
    await write('_astro/app.1d1e1f.js', 'console.log(4)')
    await write(`${HOST}/index.html`, '<script type="module" src="/_astro/app.1d1e1f.js"></script>')
    const bucket = openBucket(config)
    const failing: Bucket = {
      ...recorded(bucket),
      put: (upload, body) =>
        upload.key.startsWith('_astro/')
          ? Promise.reject(new Error('503 Slow Down'))
          : bucket.put(upload, body),
    }
    operations.length = 0
    const before = s3.puts.length
    await expect(deployTenant(config, failing, HOST, { log: () => undefined })).rejects.toThrow(
      /Slow Down/,
    )
    bucket.close()
    expect(s3.puts.length).toBe(before)
    expect(operations).toEqual([])
    expect((await head(`${HOST}/fr/old.html`)).ContentLength).toBeGreaterThan(0)

    const report = await deploy()
    expect(report.uploaded).toEqual(['_astro/app.1d1e1f.js', `${HOST}/index.html`])
    expect(report.deleted).toEqual([`${HOST}/fr/old.html`])
  })

  it('refuses a tenant that was never built rather than emptying its folder online', async () => {
    const bucket = openBucket(config)
    await expect(deployTenant(config, bucket, 'absent.localhost')).rejects.toThrow(/not built/)
    bucket.close()
  })
})
