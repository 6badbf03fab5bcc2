import { pathFrom } from '../shared/paths.ts'

/**
 * Where a deploy goes, from the environment, so that S3, R2 and MinIO are the same code:
 * S3_BUCKET (required), S3_PREFIX, S3_ENDPOINT (R2, MinIO: their URL; S3: unset), S3_REGION
 * (default us-east-1; R2 takes `auto`), S3_FORCE_PATH_STYLE (MinIO: `true`), and the SDK's own
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (any S3-compatible key pair).
 */
export interface DeployConfig {
  readonly bucket: string
  /** '' or a folder ending in '/': the bucket may hold other things beside the sites. */
  readonly prefix: string
  readonly endpoint: string | undefined
  readonly region: string
  readonly forcePathStyle: boolean
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  readonly credentials:
    | { readonly accessKeyId: string; readonly secretAccessKey: string }
    | undefined
  /** SITES_DIST_DIR, as the build writes it. */
  readonly sitesDir: string
  /** Uploads in flight at once within a phase. */
  readonly concurrency: number
}

function flag(value: string | undefined, name: string): boolean {
  const v = (value ?? '').trim().toLowerCase()
  if (v === '' || v === 'false' || v === '0') return false
  if (v === 'true' || v === '1') return true
  throw new Error(`${name} must be true or false, got "${value}"`)
}

export function deployConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<DeployConfig> = {},
): DeployConfig {
  const bucket = env.S3_BUCKET?.trim() ?? ''
  if (bucket === '' && overrides.bucket === undefined) {
    throw new Error('S3_BUCKET is not set: the bucket the sites are deployed to')
  }
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '')
  const accessKeyId = env.AWS_ACCESS_KEY_ID ?? ''
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY ?? ''
  return {
    bucket,
    prefix: prefix === '' ? '' : `${prefix}/`,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, 'S3_FORCE_PATH_STYLE'),
    credentials:
      accessKeyId !== '' && secretAccessKey !== '' ? { accessKeyId, secretAccessKey } : undefined,
    sitesDir: pathFrom(env.SITES_DIST_DIR, 'dist/sites'),
    concurrency: 8,
    ...overrides,
  }
}
