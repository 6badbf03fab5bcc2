import { parseArgs } from 'node:util'
import { isHost } from '../shared/paths'

export interface BuildArgs {
  /** Explicit hosts (--tenant, repeatable, or --tenants a,b); empty: the default list. */
  readonly hosts: string[]
  readonly pull: boolean
  readonly batchSize: number | undefined
  readonly parallel: number | undefined
  readonly apiUrl: string | undefined
  readonly help: boolean
}

export const USAGE = `Usage: npm run build:sites -- [options]

  --tenant HOST        build this tenant only (repeatable)
  --tenants A,B,...    build these tenants
  --batch-size N       tenants per Astro build process (BUILD_BATCH_SIZE, default 50)
  --parallel N         build processes at once (BUILD_PARALLEL, default 1)
  --api URL            the API to pull from (API_SERVER_URL, default http://127.0.0.1:4322)
  --no-pull            build from the snapshots already in SITES_SNAPSHOT_DIR
  -h, --help           this text

Without --tenant/--tenants every company the API lists (GET /api/companies/hosts) is built;
with --no-pull, every demo tenant of tenants/ (TENANTS_DIR).`

function positive(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`)
  return n
}

export function parseBuildArgs(argv: readonly string[]): BuildArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      tenant: { type: 'string', multiple: true },
      tenants: { type: 'string' },
      'batch-size': { type: 'string' },
      parallel: { type: 'string' },
      api: { type: 'string' },
      'no-pull': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
  const listed = [...(values.tenant ?? []), ...(values.tenants ?? '').split(',')]
  const hosts = listed.map((h) => h.trim().toLowerCase()).filter((h) => h !== '')
  const bad = hosts.filter((h) => !isHost(h))
  if (bad.length > 0) throw new Error(`not a host name: ${bad.join(', ')}`)
  const batchSize = positive(values['batch-size'], '--batch-size')
  const parallel = positive(values.parallel, '--parallel')
  return {
    hosts,
    pull: values['no-pull'] !== true,
    batchSize,
    parallel,
    apiUrl: values.api,
    help: values.help === true,
  }
}
