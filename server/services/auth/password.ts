import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashes, scrypt from node:crypto. Stored format (one string, self-describing so the
 * cost can be raised later without breaking old hashes):
 *
 *   scrypt$<N>$<r>$<p>$<salt, base64url, 16 bytes>$<key, base64url, 32 bytes>
 *
 * N = 2^15, r = 8, p = 1 costs 32 MiB and tens of milliseconds per hash, off the event loop
 * (libuv thread pool).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const
const KEY_LENGTH = 32
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
  const key = await derive(password, salt, PARAMS)
  const { N, r, p } = PARAMS
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
    await derive(password, randomBytes(SALT_LENGTH), PARAMS)
    return false
  }
  const key = await derive(password, parsed.salt, parsed.params)
  return timingSafeEqual(key, parsed.key)
}

/** True when a hash was made with other parameters than today's: rehash it at the next login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored)
  return !parsed || parsed.params.N !== PARAMS.N || parsed.params.r !== PARAMS.r
}
