import { isIP } from 'node:net'
import { fileURLToPath } from 'node:url'
import { parseOrigins } from '#domain/web/origins.ts'
import { parseDatabaseUrls } from '#server/db/database-urls.ts'
import { passwordCost } from '#server/services/auth/password.ts'
import { DEFAULT_SESSION_CACHE_MS } from '#server/services/auth/session-cache.ts'
import { DEFAULT_AVAILABILITY_CACHE_MS } from '#server/services/booking/availability/availability-cache.ts'
import { type MediaStoreConfig, mediaStoreFrom } from '#server/services/media/store-config.ts'
import {
  type DkimKey,
  parseDkim,
  parseMailFrom,
  parsePoolMax,
  parseSmtpUrl,
} from '#server/services/notifier/mail-settings.ts'
import {
  DEVELOPMENT_NOTIFICATION_KEY,
  parseNotificationKey,
} from '#server/services/notifier/seal.ts'
import type { Spacing } from '#server/services/rebuilds/rules.ts'
import {
  type GithubDispatch,
  githubDispatchFrom,
} from '#server/services/webhooks/github-dispatch.ts'

/** The job queue's timing (server/cluster/jobs.ts). */
export interface JobOptions {
  /** How often an idle worker looks for work (pg-boss allows at least 0.5 s). */
  readonly pollSeconds: number
  /** How long a started job may run before it counts as failed and is retried elsewhere. */
  readonly expireSeconds: number
  /** How often expired jobs are failed over and old ones archived. */
  readonly maintenanceSeconds: number
  /** The first retry's delay; each further retry waits longer (pg-boss backoff). */
  readonly retrySeconds: number
  /**
   * Rebuilds at content boundaries: the bucket and the spread (tests shorten them; default
   * DEFAULT_SPACING, docs/decisions/059-rebuilds-at-content-boundaries.md).
   */
  readonly rebuildSpacing?: Spacing | undefined
}

/** Everything the API reads from the environment, read once so tests can pass their own. */
export interface Config {
  readonly port: number
  readonly host: string
  /** Unset: embedded PGlite. Set: a real PostgreSQL server (same migrations). */
  readonly databaseUrl: string | undefined
  /** DATABASE_URLS: the other databases companies may be placed in, by name (decision 086) */
  readonly databaseUrls: ReadonlyMap<string, string>
  /** DATABASE_POOL_MAX: connections of the PostgreSQL pool (docs/decisions/035-*). */
  readonly databasePoolMax: number
  /** PGlite data directory, or `memory://` for a throwaway database. */
  readonly pgliteDir: string
  /**
   * PGLITE_CACHE_DIR: where a migrated PGlite cluster is kept for the next in-memory database
   * (server/db/pglite-cluster-cache.ts); empty: none kept.
   */
  readonly pgliteCacheDir: string | undefined
  /** Demo tenants seeded into an empty database (and by `npm run seed`). */
  readonly tenantsDir: string
  /** Responses are checked against the contract outside production, where a mismatch is a bug. */
  readonly validateResponses: boolean
  /**
   * E-mail over SMTP (docs/decisions/054-messages-on-nodemailer.md): SMTP_URL
   * `smtp[s]://user:password@host:port[?insecure=1]`; unset, e-mails stay in the outbox.
   */
  readonly smtpUrl: string | undefined
  /** MAIL_FROM: a bare address or `Name <address>` (checked at start-up). */
  readonly mailFrom: string
  /** SMTP_POOL_MAX: SMTP connections kept open at most (default 3). */
  readonly smtpPoolMax: number
  /** DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY: every e-mail signed; all three or none. */
  readonly dkim: DkimKey | undefined
  readonly publishWebhookUrls: readonly string[]
  readonly publishWebhookSecret: string
  /**
   * The publish relay to GitHub Actions (GITHUB_REPOSITORY + GITHUB_DISPATCH_TOKEN, GITHUB_API_URL):
   * each publish also sends the repository_dispatch rebuild-tenant.yml waits for (decision 028).
   */
  readonly githubDispatch: GithubDispatch | undefined
  /** Per-request log lines; tests switch them off or capture them. */
  readonly log: (line: string) => void
  /** How long an availability answer may be reused (AVAILABILITY_CACHE_MS; 0: never). */
  readonly availabilityCacheMs: number
  /** How long a resolved session may be reused by one instance (SESSION_CACHE_MS; 0: never). */
  readonly sessionCacheMs: number
  /**
   * Peers whose X-Forwarded-For is believed (TRUST_PROXY: addresses or CIDRs, comma-separated;
   * default none). `npm start` adds loopback for its own sites server (decision 014).
   */
  readonly trustProxy: readonly string[]
  /**
   * The back office's origins (PUBLIC_BACKOFFICE_ORIGINS, the list the theme preview reads):
   * allowed cross-origin for every company (docs/decisions/020-api-headers.md).
   */
  readonly backofficeOrigins: readonly string[]
  /**
   * NODE_ENV=development (`npm start` sets it unless NODE_ENV=production): without SMTP the
   * notifier prints messages, secrets included, instead of sending them (decision 018).
   */
  readonly development: boolean
  /**
   * Seals the secrets of queued messages (NOTIFICATION_KEY, 32 bytes; required in production,
   * DEVELOPMENT_NOTIFICATION_KEY otherwise, with a warning at start: decision 018).
   */
  readonly notificationKey: Buffer
  /**
   * The OpenID issuers of social sign-in (OIDC_GOOGLE_ISSUER, OIDC_FACEBOOK_ISSUER; defaults the
   * real ones). Tests point them at an issuer they start (docs/decisions/031-social-sign-in-oidc.md).
   */
  readonly oidcIssuers: Readonly<Record<'google' | 'facebook', string>>
  /**
   * The job queue's timing (JOBS_POLL_SECONDS, default 2; JOBS_EXPIRE_SECONDS, 60;
   * JOBS_MAINTENANCE_SECONDS, 30; JOBS_RETRY_SECONDS, 30): docs/decisions/036-several-api-instances.md.
   */
  readonly jobs: JobOptions
  /**
   * Where uploaded pictures are stored and served from (MEDIA_S3_* or MEDIA_DIR,
   * MEDIA_PUBLIC_URL): docs/decisions/081-media-storage.md.
   */
  readonly media: MediaStoreConfig
  /**
   * A geocoding service answering Nominatim's search API (GEOCODER_URL, e.g.
   * https://nominatim.openstreetmap.org/); unset, the studio places shops by hand (decision 083).
   */
  readonly geocoderUrl: string | undefined
}

/** The repository root, so `.data/pglite` does not depend on the directory the API is started from. */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url))

/** Beside the other tools' caches: a clean clone or `npm ci` starts without it. */
export const DEFAULT_PGLITE_CACHE = `${projectRoot}node_modules/.cache/storefront-pglite`

const DEV_WEBHOOK_SECRET = 'dev-publish-secret'

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/** TRUST_PROXY entries: an address or a CIDR, IPv4 or IPv6; anything else is a startup error. */
export function parseTrustProxy(value: string | undefined): string[] {
  const entries = splitList(value)
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/')
    const family = isIP(address)
    const maxBits = family === 6 ? 128 : 32
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits)
    if (family === 0 || !validBits || extra !== undefined) {
      throw new Error(`TRUST_PROXY must list addresses or CIDRs, got "${entry}"`)
    }
  }
  return entries
}

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`)
  }
  return port
}

/** A number of at least `least` (seconds, milliseconds), else the fallback: unset, blank or not a number. */
function numberAtLeast(value: string | undefined, fallback: number, least: number): number {
  const parsed = Number(value)
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) && parsed >= least
    ? parsed
    : fallback
}

/** Measured on the marketplace mix (docs/decisions/035-*); a positive integer overrides it. */
export const DEFAULT_POOL_MAX = 10

function poolMaxFrom(value: string | undefined): number {
  const n = Number(value)
  return value !== undefined && Number.isInteger(n) && n > 0 ? n : DEFAULT_POOL_MAX
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const production = env.NODE_ENV === 'production'
  const secret = env.PUBLISH_WEBHOOK_SECRET ?? ''
  if (production && secret === '' && splitList(env.PUBLISH_WEBHOOK_URLS).length > 0) {
    // An unsigned (or dev-signed) publish in production would let anyone trigger rebuilds.
    throw new Error('PUBLISH_WEBHOOK_SECRET is required in production when webhooks are configured')
  }
  const notificationKey = env.NOTIFICATION_KEY ?? ''
  if (production && notificationKey === '') {
    // The development key is public: with it a copy of the database would open every code.
    throw new Error('NOTIFICATION_KEY is required in production (32 bytes, hex or base64)')
  }
  // read again by each hash (password.ts); called here to refuse a bad or weak value at start-up
  passwordCost(env)
  const smtpUrl = env.SMTP_URL || undefined
  // parsed here only to refuse a mistyped value at start-up; the transport parses it again
  if (smtpUrl) parseSmtpUrl(smtpUrl)
  const mailFrom = env.MAIL_FROM || 'no-reply@storefront.localhost'
  parseMailFrom(mailFrom)
  return {
    port: parsePort(env.PORT, 4322),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseUrls: parseDatabaseUrls(env.DATABASE_URLS),
    databasePoolMax: poolMaxFrom(env.DATABASE_POOL_MAX),
    pgliteDir: env.PGLITE_DIR || `${projectRoot}.data/pglite`,
    pgliteCacheDir: (env.PGLITE_CACHE_DIR ?? DEFAULT_PGLITE_CACHE) || undefined,
    tenantsDir: env.TENANTS_DIR || `${projectRoot}tenants`,
    validateResponses: !production,
    smtpUrl,
    mailFrom,
    smtpPoolMax: parsePoolMax(env.SMTP_POOL_MAX),
    dkim: parseDkim(env),
    publishWebhookUrls: splitList(env.PUBLISH_WEBHOOK_URLS),
    publishWebhookSecret: secret === '' ? DEV_WEBHOOK_SECRET : secret,
    githubDispatch: githubDispatchFrom(env),
    log: (line) => console.log(line),
    availabilityCacheMs: numberAtLeast(env.AVAILABILITY_CACHE_MS, DEFAULT_AVAILABILITY_CACHE_MS, 0),
    sessionCacheMs: numberAtLeast(env.SESSION_CACHE_MS, DEFAULT_SESSION_CACHE_MS, 0),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    backofficeOrigins: parseOrigins(env.PUBLIC_BACKOFFICE_ORIGINS),
    development: env.NODE_ENV === 'development',
    notificationKey:
      notificationKey === '' ? DEVELOPMENT_NOTIFICATION_KEY : parseNotificationKey(notificationKey),
    oidcIssuers: {
      google: env.OIDC_GOOGLE_ISSUER || 'https://accounts.google.com',
      facebook: env.OIDC_FACEBOOK_ISSUER || 'https://www.facebook.com',
    },
    jobs: {
      pollSeconds: numberAtLeast(env.JOBS_POLL_SECONDS, 2, 0.5),
      expireSeconds: Math.round(numberAtLeast(env.JOBS_EXPIRE_SECONDS, 60, 1)),
      maintenanceSeconds: Math.round(numberAtLeast(env.JOBS_MAINTENANCE_SECONDS, 30, 1)),
      retrySeconds: Math.round(numberAtLeast(env.JOBS_RETRY_SECONDS, 30, 0)),
    },
    media: mediaStoreFrom(env, projectRoot),
    geocoderUrl: env.GEOCODER_URL || undefined,
    ...overrides,
  }
}
