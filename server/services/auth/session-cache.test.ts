import { describe, expect, it } from 'vitest'
import { createSessionCache } from './session-cache.ts'

const NOW = Date.parse('2027-04-26T12:00:00Z')
const camille = { kind: 'customer' as const, id: 'u1', tokenId: 7 }
const jules = { kind: 'customer' as const, id: 'u2', tokenId: 8 }
const expiresAt = new Date(NOW + 30 * 86_400_000)

function cache(lifetimeMs = 60_000, maxEntries = 50_000) {
  let real = 1_000
  const sessions = createSessionCache({ lifetimeMs, maxEntries, realNow: () => real })
  return { sessions, advance: (ms: number) => (real += ms) }
}

describe('the sessions an instance resolved lately (decision 046)', () => {
  it('answers a token it resolved, for its company only', () => {
    const { sessions } = cache()
    sessions.remember(
      sessions.begin(),
      { companyId: 1, tokenHash: 'h1', subject: camille, expiresAt },
      NOW,
    )
    expect(sessions.get(1, 'h1', NOW)).toEqual(camille)
    expect(sessions.get(2, 'h1', NOW)).toBeUndefined()
    expect(sessions.get(1, 'h2', NOW)).toBeUndefined()
  })

  it('never past its lifetime on the real clock, nor past the token’s expiry on the API’s', () => {
    const { sessions, advance } = cache(60_000)
    const soon = new Date(NOW + 5_000)
    sessions.remember(
      sessions.begin(),
      { companyId: 1, tokenHash: 'h1', subject: camille, expiresAt },
      NOW,
    )
    sessions.remember(
      sessions.begin(),
      { companyId: 1, tokenHash: 'h2', subject: jules, expiresAt: soon },
      NOW,
    )
    expect(sessions.get(1, 'h2', NOW + 4_999)).toEqual(jules)
    expect(sessions.get(1, 'h2', NOW + 5_000)).toBeUndefined()
    advance(59_999)
    expect(sessions.get(1, 'h1', NOW)).toEqual(camille)
    advance(1)
    expect(sessions.get(1, 'h1', NOW)).toBeUndefined()
  })

  it('keeps no answer of a lookup that a forget overtook, nor an expired token, nor any with lifetime 0', () => {
    const { sessions } = cache()
    const since = sessions.begin()
    sessions.forget({ companyId: 9 })
    sessions.remember(since, { companyId: 1, tokenHash: 'h1', subject: camille, expiresAt }, NOW)
    expect(sessions.get(1, 'h1', NOW)).toBeUndefined()
    const past = new Date(NOW)
    sessions.remember(
      sessions.begin(),
      { companyId: 1, tokenHash: 'h1', subject: camille, expiresAt: past },
      NOW,
    )
    expect(sessions.get(1, 'h1', NOW - 1)).toBeUndefined()
    const off = cache(0).sessions
    off.remember(off.begin(), { companyId: 1, tokenHash: 'h1', subject: camille, expiresAt }, NOW)
    expect(off.get(1, 'h1', NOW)).toBeUndefined()
  })

  it('forgets one account, one company, or everything', () => {
    const { sessions } = cache()
    const keep = (companyId: number, tokenHash: string, subject: typeof camille) =>
      sessions.remember(sessions.begin(), { companyId, tokenHash, subject, expiresAt }, NOW)
    keep(1, 'a', camille)
    keep(1, 'b', jules)
    keep(2, 'c', camille)
    sessions.forget({ companyId: 1, accountId: 'u1' })
    expect([
      sessions.get(1, 'a', NOW),
      sessions.get(1, 'b', NOW),
      sessions.get(2, 'c', NOW),
    ]).toEqual([undefined, jules, camille])
    sessions.forget({ companyId: 1 })
    expect([sessions.get(1, 'b', NOW), sessions.get(2, 'c', NOW)]).toEqual([undefined, camille])
    sessions.forget()
    expect(sessions.get(2, 'c', NOW)).toBeUndefined()
  })

  it('holds at most maxEntries, the oldest going first', () => {
    const { sessions } = cache(60_000, 2)
    for (const hash of ['a', 'b', 'c']) {
      sessions.remember(
        sessions.begin(),
        { companyId: 1, tokenHash: hash, subject: camille, expiresAt },
        NOW,
      )
    }
    expect(['a', 'b', 'c'].map((hash) => sessions.get(1, hash, NOW) !== undefined)).toEqual([
      false,
      true,
      true,
    ])
  })
})
