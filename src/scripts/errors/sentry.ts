import {
  BrowserClient,
  dedupeIntegration,
  defaultStackParser,
  linkedErrorsIntegration,
  makeFetchTransport,
  Scope,
} from '@sentry/browser'
import { ERROR_TRACE_SAMPLE_RATE } from '#contract/constants'

/**
 * The Sentry client, downloaded on the first error (catch-errors.ts). A client of its own rather
 * than `Sentry.init`: no global handlers (catch-errors.ts has them), no session, replay, breadcrumb
 * or tracing integrations, nothing stored in the browser and no personal data, so it adds no
 * cookie the consent dialog would have to list (docs/product/4-states.md "Cookie consent").
 */
export function startReporting(dsn: string): (error: unknown) => void {
  const client = new BrowserClient({
    dsn,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [dedupeIntegration(), linkedErrorsIntegration()],
    // docs/product/9-constants.md "Analytics and errors"
    tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
    sendDefaultPii: false,
  })
  const scope = new Scope()
  scope.setClient(client)
  client.init()
  return (error) => {
    scope.captureException(error)
  }
}
