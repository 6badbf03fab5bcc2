import { useQuery } from '@tanstack/react-query'
import { islandApi } from '#islands/shared/island-api'

/**
 * The consent forms' server state in the studio (docs/decisions/080-consent-record.md), under
 * the studio's root key so a sign-out forgets it (studio-queries.ts forgetStudio).
 */
export const consentKeys = {
  templates: ['studio', 'consents', 'templates'] as const,
  services: ['studio', 'consents', 'services'] as const,
  day: (day: string) => ['studio', 'consents', 'day', day] as const,
  signed: (customerId: string) => ['studio', 'consents', 'signed', customerId] as const,
}

/**
 * The consent states of one shop day's visits, shared by every event of that day. A signature on
 * the storefront reaches the agenda's live stream (migration 0024: its event names the order,
 * which marks these stale, agenda-feed-state.ts); the minute's reading again covers a stream
 * that is down.
 */
export function useConsentDay(day: string) {
  return useQuery({
    queryKey: consentKeys.day(day),
    queryFn: ({ signal }) =>
      islandApi.consents.visits({ query: { from: day, to: day } }, { signal }),
    refetchInterval: 60_000,
  })
}

/** The visit's state: undefined while unknown or when the visit needs no form. */
export function useConsentState(ideorder: string, day: string) {
  const states = useConsentDay(day)
  return states.data?.find((s) => s.ideorder === ideorder)
}
