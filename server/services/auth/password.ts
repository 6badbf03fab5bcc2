import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashes, scrypt from node:crypto. Stored format (one string, self-describing so the
 * cost can be raised later without breaking old hashes):
 *
 *   scrypt$<N>$<r>$<p>$<salt, base64url, 16 bytes>$<key, base64url, 32 bytes>
 *
 * N = 2^15, r = 8, p = 1 costs 32 MiB and about 180 ms of CPU per hash on this project's 2-core
 * machine, off the event loop (libuv thread pool).
 */
const R = 8
const P = 1
const KEY_LENGTH = 32

/** scrypt's N for new hashes by default and at least in production. */
export const PRODUCTION_COST = 2 ** 15
const MIN_COST = 2 ** 10
const MAX_COST = 2 ** 17

/**
 * The N new hashes take: PASSWORD_SCRYPT_N when set, a power of two from 2^10 to 2^17, else
 * PRODUCTION_COST. The test runs lower it (vitest.config.ts, decision 106): the api files alone
 * hashed 888 times in one pass, each about 180 ms of CPU at 2^15, and no rule they check
 * depends on the cost. Never lower than PRODUCTION_COST with NODE_ENV=production: loadConfig
 * refuses it at start, so a running API never throws here.
 */
export function passwordCost(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PASSWORD_SCRYPT_N
  if (raw === undefined || raw === '') return PRODUCTION_COST
  const n = Number(raw)
  if (!Number.isInteger(n) || n < MIN_COST || n > MAX_COST || (n & (n - 1)) !== 0) {
    throw new Error(`PASSWORD_SCRYPT_N must be a power of two from ${MIN_COST} to ${MAX_COST}`)
  }
  if (env.NODE_ENV === 'production' && n < PRODUCTION_COST) {
    throw new Error(`PASSWORD_SCRYPT_N below ${PRODUCTION_COST} is refused in production`)
  }
  return n
}

const todaysParams = () => ({ N: passwordCost(), r: R, p: P })
const SALT_LENGTH = 16

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  // maxmem must exceed 128 * N * r, or Node refuses the parameters.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r }
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const today = todaysParams()
  const key = await derive(password, salt, today)
  const { N, r, p } = today
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return undefined
  const params = { N: Number(n), r: Number(r), p: Number(p) }
  const sane =
    Number.isInteger(params.N) &&
    params.N >= 2 &&
    params.N <= 2 ** 20 &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16
  if (!sane) return undefined
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') }
}

/** Constant-time comparison; a malformed or missing hash never verifies. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored === null ? undefined : parse(stored)
  if (!parsed || parsed.key.length !== KEY_LENGTH) {
    // Spend the same time as a real check so the answer does not reveal that the hash is absent.
    await derive(password, randomBytes(SALT_LENGTH), todaysParams())
    return false
  }
  const key = await derive(password, parsed.salt, parsed.params)
  return timingSafeEqual(key, parsed.key)
}

/** True when a hash was made with other parameters than today's: rehash it at the next login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored)
  const today = todaysParams()
  return !parsed || parsed.params.N !== today.N || parsed.params.r !== today.r
}
