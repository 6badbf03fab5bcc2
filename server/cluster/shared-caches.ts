import type { CompanyResolver } from '#server/http/company.ts'
import type { SessionCache, SessionSubject } from '#server/services/auth/index.ts'
import type { AvailabilityCache } from '#server/services/booking/index.ts'
import { type Bus, sharedForget } from './bus.ts'

/** The arguments of the availability cache's forget entry point, carried as they are. */
type AvailabilityForget = Parameters<AvailabilityCache['invalidate']>

/**
 * The availability cache of every instance forgets what a write of any instance may have
 * changed (decision 009 across processes: docs/decisions/036-several-api-instances.md). The
 * arguments travel as JSON; an absent company (JSON null) still means every company.
 */
export function sharedAvailability(cache: AvailabilityCache, bus: Bus): AvailabilityCache {
  const forget = sharedForget<AvailabilityForget>(
    bus,
    'availability',
    (args) => {
      const [companyId, ...rest] = args ?? []
      cache.invalidate(companyId ?? undefined, ...rest)
    },
    ([companyId]) => [companyId],
  )
  return { ...cache, invalidate: (...args) => forget(args) }
}

/** A company changed through one instance is read afresh by all of them, not after the TTL. */
export function sharedCompanies(resolver: CompanyResolver, bus: Bus): CompanyResolver {
  const forget = sharedForget<{ readonly token?: string | undefined }>(
    bus,
    'companies',
    (message) => resolver.invalidate(message?.token ?? undefined),
  )
  return { byToken: resolver.byToken, invalidate: (token) => forget({ token }) }
}

/**
 * Sessions end on every instance at once: the database itself announces deleted tokens (the
 * trigger of server/db/migrations/0014_tokens_gone_notice.sql, on the bus's channel and topic
 * `sessions`), whichever instance or tool deleted them; a lost connection forgets them all.
 */
export function sharedSessions<S extends SessionSubject>(
  cache: SessionCache<S>,
  bus: Bus,
): SessionCache<S> {
  bus.subscribe('sessions', (message) => {
    const scope = message as { companyId?: unknown; accountId?: unknown } | null
    if (typeof scope?.companyId !== 'number') return cache.forget()
    const accountId = typeof scope.accountId === 'string' ? scope.accountId : undefined
    cache.forget({ companyId: scope.companyId, accountId })
  })
  bus.onReset(() => cache.forget())
  return cache
}
