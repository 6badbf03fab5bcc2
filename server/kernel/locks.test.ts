import { describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.ts'
import { lockKey, lockKeys } from './locks.ts'
import { bookingTransaction, MAX_ATTEMPTS } from './transaction.ts'

describe('advisory lock keys', () => {
  it('are stable signed 32-bit hashes, sorted and distinct', () => {
    expect(lockKey('resource:alice')).toBe(lockKey('resource:alice'))
    expect(lockKey('resource:alice')).not.toBe(lockKey('resource:bruno'))
    const keys = lockKeys(['resource:b', 'resource:a', 'resource:b', 'cart:u1:s1'])
    expect(keys).toHaveLength(3)
    expect([...keys].sort((a, b) => a - b)).toEqual(keys)
    for (const key of keys) expect(key).toBe(key | 0)
  })
})

/** A Db whose transaction fails with these SQLSTATEs, in turn, then succeeds. */
function failing(codes: string[]): { db: Db; calls: () => number } {
  let calls = 0
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      const code = codes[calls++]
      if (code) throw Object.assign(new Error('driver'), { cause: { code } })
      return work({})
    },
  } as unknown as Db
  return { db, calls: () => calls }
}

describe('booking transactions', () => {
  it('retry deadlocks and serialisation failures, then succeed', async () => {
    const { db, calls } = failing(['40P01', '40001'])
    await expect(bookingTransaction(db, async () => 'booked')).resolves.toBe('booked')
    expect(calls()).toBe(3)
  })

  it('give up with 409 after a bounded number of attempts, never a 5xx', async () => {
    const { db, calls } = failing(Array(MAX_ATTEMPTS + 3).fill('40P01'))
    await expect(bookingTransaction(db, async () => 'booked')).rejects.toMatchObject({
      status: 409,
    })
    expect(calls()).toBe(MAX_ATTEMPTS)
  })

  it('an exclusion violation is a 409 conflict at once; other errors pass through', async () => {
    const excluded = failing(['23P01'])
    await expect(bookingTransaction(excluded.db, async () => 1)).rejects.toMatchObject({
      status: 409,
      type: 'conflict',
    })
    expect(excluded.calls()).toBe(1)
    await expect(bookingTransaction(failing(['XX000']).db, async () => 1)).rejects.toThrow('driver')
  })
})
