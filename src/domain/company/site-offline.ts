/**
 * Whether the site counts as offline for the maintenance check (docs/product/4-states.md site
 * states): the company's maintenance switch is on, or its site is disabled and the company is not
 * in debug mode (a debug company sees its site). Only `true` counts, whatever else is stored.
 */
export interface OfflineSettings {
  readonly offline?: unknown
  readonly isDebug?: unknown
  readonly booker?: { readonly siteDisabled?: unknown } | null | undefined
}

export function siteOffline(settings: OfflineSettings, debugRequest = false): boolean {
  if (settings.offline === true) return true
  const debug = settings.isDebug === true || debugRequest
  return settings.booker?.siteDisabled === true && !debug
}

/**
 * How long a page that may send the visitor elsewhere waits before its first check (the
 * maintenance page going home, /waiting going back): at once, unless it already sent the visitor
 * away less than `intervalMs` ago (`lastLeftAt`), when the page it sent them to may still send
 * them back (a static site rebuilds after the company changed): then the rest of the interval,
 * so two pages never bounce the visitor between them faster than once an interval.
 */
export function firstCheckDelay(
  lastLeftAt: number | null | undefined,
  now: number,
  intervalMs: number,
): number {
  if (lastLeftAt === null || lastLeftAt === undefined || !Number.isFinite(lastLeftAt)) return 0
  const since = now - lastLeftAt
  if (since < 0 || since >= intervalMs) return 0
  return intervalMs - since
}
