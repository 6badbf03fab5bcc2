/**
 * The sessions one API instance has resolved lately (docs/decisions/046-sessions-kept-per-instance.md):
 * a bearer seen again within `lifetimeMs` is not looked up in the database again. Only tokens
 * that resolved are kept, by the SHA-256 the database keys them by, never the token itself, and
 * never past the token's own expiry. A session ends everywhere at once: the instance that ends
 * it forgets it after the commit, and the database tells every instance when tokens are deleted
 * (a trigger, through the bus), so `lifetimeMs` only bounds a lost notice.
 */
export interface SessionCache<S extends SessionSubject = SessionSubject> {
  /** The subject of this token for this company, when known here and not expired. */
  get(companyId: number, tokenHash: string, nowMs: number): S | undefined
  /** Call before looking a token up: `remember` keeps the answer only if nothing was forgotten since. */
  begin(): number
  remember(
    since: number,
    entry: { companyId: number; tokenHash: string; subject: S; expiresAt: Date },
    nowMs: number,
  ): void
  /** Forgets one account's sessions, a company's, or (no scope) all. */
  forget(scope?: { readonly companyId: number; readonly accountId?: string | undefined }): void
}

/** What is kept of a session: at least its account (http/types.ts Subject in the API). */
export interface SessionSubject {
  readonly id: string
}

interface Entry<S> {
  readonly companyId: number
  readonly subject: S
  /** the token's expiry, on the API's clock (epoch ms) */
  readonly expires: number
  /** the end of the entry's lifetime, on the real clock (epoch ms) */
  readonly until: number
}

export interface SessionCacheOptions {
  /** 0 keeps nothing (every request asks the database) */
  readonly lifetimeMs: number
  /** beyond it the oldest entries go first */
  readonly maxEntries?: number
  /** the real clock, for lifetimes (the API's clock, which tests move, decides expiry) */
  readonly realNow?: () => number
}

export function createSessionCache<S extends SessionSubject>({
  lifetimeMs,
  maxEntries = 50_000,
  realNow = Date.now,
}: SessionCacheOptions): SessionCache<S> {
  const entries = new Map<string, Entry<S>>()
  let forgets = 0
  return {
    get(companyId, tokenHash, nowMs) {
      const entry = entries.get(tokenHash)
      if (!entry) return undefined
      if (entry.expires <= nowMs || entry.until <= realNow()) {
        entries.delete(tokenHash)
        return undefined
      }
      return entry.companyId === companyId ? entry.subject : undefined
    },
    begin: () => forgets,
    remember(since, { companyId, tokenHash, subject, expiresAt }, nowMs) {
      // a forget while the lookup ran may concern this very token: its answer may be stale
      if (since !== forgets || lifetimeMs <= 0) return
      if (expiresAt.getTime() <= nowMs) return
      entries.delete(tokenHash)
      entries.set(tokenHash, {
        companyId,
        subject,
        expires: expiresAt.getTime(),
        until: realNow() + lifetimeMs,
      })
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next()
        if (!oldest.done) entries.delete(oldest.value)
      }
    },
    forget(scope) {
      forgets += 1
      if (!scope) {
        entries.clear()
        return
      }
      for (const [hash, entry] of entries) {
        if (entry.companyId !== scope.companyId) continue
        if (scope.accountId === undefined || entry.subject.id === scope.accountId)
          entries.delete(hash)
      }
    },
  }
}

/** SESSION_CACHE_MS (0 keeps nothing), default 60 s (docs/decisions/046-sessions-kept-per-instance.md). */
export const DEFAULT_SESSION_CACHE_MS = 60_000
