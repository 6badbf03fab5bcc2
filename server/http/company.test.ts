import { describe, expect, it } from 'vitest'
import type { Db } from '#server/db/client.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { createCompanyResolver } from './company.ts'

/** A database that answers every company lookup with a new copy of `current`, counting reads. */
function fakeDb(current: () => CompanyRow) {
  let reads = 0
  const db = {
    select: () => ({
      from: () => ({
        where: () => ({
          limit: async () => {
            reads += 1
            return [structuredClone(current())]
          },
        }),
      }),
    }),
  } as unknown as Db
  return { db, reads: () => reads }
}

const row = (nickname: string): CompanyRow => ({
  id: 1,
  host: 'shop.localhost',
  token: 'tok',
  nickname,
  data: { booking: { enabled: true } },
  createdAt: new Date('2027-01-01T00:00:00Z'),
  updatedAt: new Date('2027-01-01T00:00:00Z'),
})

describe('company resolver', () => {
  it('reads a token once per lifetime; an unchanged row read again stays the same object', async () => {
    let time = 0
    let current = row('Salon')
    const { db, reads } = fakeDb(() => current)
    const resolver = createCompanyResolver(db, () => time)
    const first = await resolver.byToken('tok')
    expect(await resolver.byToken('tok')).toBe(first)
    expect(reads()).toBe(1)
    time += 30_000
    // decision 044: what is reused by the row's identity survives its lifetime if nothing changed
    expect(await resolver.byToken('tok')).toBe(first)
    expect(reads()).toBe(2)
    time += 30_000
    current = row('Salon Rose')
    const changed = await resolver.byToken('tok')
    expect(changed).not.toBe(first)
    expect(changed?.nickname).toBe('Salon Rose')
    // an invalidated row is read again as a new object, even when alike
    resolver.invalidate('tok')
    const again = await resolver.byToken('tok')
    expect(again).not.toBe(changed)
    expect(again).toEqual(changed)
  })
})
