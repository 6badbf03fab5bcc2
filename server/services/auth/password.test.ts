import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  hashPassword,
  needsRehash,
  PRODUCTION_COST,
  passwordCost,
  verifyPassword,
} from './password.ts'

afterEach(() => vi.unstubAllEnvs())

describe('password hashing (scrypt)', () => {
  it('writes the documented self-describing format with a random salt', async () => {
    // the production cost: the test runs set a lower one (vitest.config.ts)
    vi.stubEnv('PASSWORD_SCRYPT_N', '')
    const a = await hashPassword('correct horse')
    const b = await hashPassword('correct horse')
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
    expect(a).not.toBe(b)
    expect(needsRehash(a)).toBe(false)
  })

  it('verifies the right password only', async () => {
    const stored = await hashPassword('s3cret-pass')
    expect(await verifyPassword('s3cret-pass', stored)).toBe(true)
    expect(await verifyPassword('s3cret-pasS', stored)).toBe(false)
    expect(await verifyPassword('', stored)).toBe(false)
  })

  it('never verifies a missing or malformed hash', async () => {
    expect(await verifyPassword('x', null)).toBe(false)
    expect(await verifyPassword('x', 'plain-text')).toBe(false)
    expect(await verifyPassword('x', 'scrypt$3$8$1$c2FsdA$a2V5')).toBe(false)
    expect(await verifyPassword('x', 'scrypt$1048576000$8$1$c2FsdA$a2V5')).toBe(false)
  })

  it('asks for a rehash when the parameters are older', async () => {
    vi.stubEnv('PASSWORD_SCRYPT_N', '')
    expect(needsRehash('scrypt$16384$8$1$c2FsdA$a2V5')).toBe(true)
  })

  it('hashes at the configured cost, and verifies a hash of any cost', async () => {
    vi.stubEnv('PASSWORD_SCRYPT_N', '')
    const strong = await hashPassword('s3cret-pass')
    vi.stubEnv('PASSWORD_SCRYPT_N', '1024')
    const cheap = await hashPassword('s3cret-pass')
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(needsRehash(cheap)).toBe(false)
    expect(needsRehash(strong)).toBe(true)
    expect(await verifyPassword('s3cret-pass', strong)).toBe(true)
    expect(await verifyPassword('s3cret-pass', cheap)).toBe(true)
    expect(await verifyPassword('s3cret-pasS', cheap)).toBe(false)
  })
})

describe('passwordCost', () => {
  it('is the production cost unless PASSWORD_SCRYPT_N names a power of two from 2^10 to 2^17', () => {
    expect(PRODUCTION_COST).toBe(32768)
    expect(passwordCost({})).toBe(PRODUCTION_COST)
    expect(passwordCost({ PASSWORD_SCRYPT_N: '' })).toBe(PRODUCTION_COST)
    expect(passwordCost({ PASSWORD_SCRYPT_N: '1024' })).toBe(1024)
    expect(passwordCost({ PASSWORD_SCRYPT_N: '131072' })).toBe(131072)
    for (const bad of ['512', '1000', '262144', 'x', '1024.5', '-1024']) {
      expect(() => passwordCost({ PASSWORD_SCRYPT_N: bad }), bad).toThrow(/power of two/)
    }
  })

  it('refuses a cost below the production one in production, and allows a higher one', () => {
    const production = { NODE_ENV: 'production' }
    expect(() => passwordCost({ ...production, PASSWORD_SCRYPT_N: '1024' })).toThrow(
      /refused in production/,
    )
    expect(passwordCost({ ...production, PASSWORD_SCRYPT_N: '65536' })).toBe(65536)
    expect(passwordCost(production)).toBe(PRODUCTION_COST)
  })
})
