import { parseArgs } from 'node:util'
import { errorMessage, isHost } from '../shared/paths.ts'
import { openBucket } from './bucket.ts'
import { deployConfig } from './config.ts'
import { deployTenant } from './run.ts'

const USAGE = `Usage: npm run deploy -- --tenant HOST [--tenant HOST...] [--force]

Uploads dist/sites/HOST/ (SITES_DIST_DIR) and the shared _astro/, _public/, _maintenance/ and
_studio/ folders to an S3-compatible bucket: only changed files, assets before pages, then deletes
the tenant's files that the build no longer has.

  --tenant HOST   the tenant to deploy (repeatable)
  --force         send every file, changed or not (after a change of header rules)

Environment: S3_BUCKET (required), S3_PREFIX, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE,
AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (README, "Going to production").`

async function main(): Promise<number> {
  let hosts: string[]
  let force: boolean
  try {
    const { values } = parseArgs({
      options: {
        tenant: { type: 'string', multiple: true },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    })
    if (values.help) {
      console.log(USAGE)
      return 0
    }
    hosts = (values.tenant ?? []).map((host) => host.trim().toLowerCase())
    force = values.force === true
    const bad = hosts.filter((host) => !isHost(host))
    if (hosts.length === 0 || bad.length > 0) {
      throw new Error(hosts.length === 0 ? 'no --tenant given' : `not a host: ${bad.join(', ')}`)
    }
  } catch (error) {
    console.error(`${errorMessage(error)}\n\n${USAGE}`)
    return 2
  }
  const config = deployConfig()
  const bucket = openBucket(config)
  try {
    for (const host of hosts) {
      const report = await deployTenant(config, bucket, host, { force })
      console.log(
        `deploy ${host}: sent ${report.uploaded.length}, deleted ${report.deleted.length}, ` +
          `unchanged ${report.unchanged} (s3://${config.bucket}/${config.prefix})`,
      )
    }
  } finally {
    bucket.close()
  }
  return 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`deploy failed: ${errorMessage(error)}`)
    process.exit(1)
  },
)
