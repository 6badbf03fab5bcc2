import { describe, expect, it } from 'vitest'
import { hashPassword, needsRehash, verifyPassword } from './password.ts'

describe('password hashing (scrypt)', () => {
  it('writes the documented self-describing format with a random salt', async () => {
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
    expect(needsRehash('scrypt$16384$8$1$c2FsdA$a2V5')).toBe(true)
  })
})
