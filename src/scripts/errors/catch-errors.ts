import { parseErrorDsn } from '#domain/web/error-dsn'

/**
 * Client error reporting (docs/decisions/032-analytics-purchase-and-error-reporting.md), run by
 * the header script on every page: off unless the company configured a DSN (SiteIslands.astro's
 * `data-error-dsn`). The SDK is not part of the page: the first uncaught error or unhandled
 * rejection downloads it (./sentry.ts) and every error is handed to it, so a page without errors
 * pays for these listeners only.
 */
const dsn = parseErrorDsn(
  document.querySelector<HTMLElement>('[data-third-party]')?.dataset.errorDsn,
)

if (dsn) {
  let reporter: Promise<(error: unknown) => void> | undefined
  const report = (error: unknown) => {
    reporter ??= import('./sentry').then(({ startReporting }) => startReporting(dsn.dsn))
    // a reporter that cannot load (offline, a deploy replaced it) must not add errors of its own
    reporter.then((send) => send(error)).catch(() => undefined)
  }
  window.addEventListener('error', (event) => report(event.error ?? event.message))
  window.addEventListener('unhandledrejection', (event) => report(event.reason))
}
