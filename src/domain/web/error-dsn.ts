/**
 * The client error reporting's address (docs/decisions/032-analytics-purchase-and-error-reporting.md):
 * a Sentry DSN, `https://<public key>@<host>/<project id>`. The same check decides whether the
 * page reports errors at all and which origin the site's policy lets it reach, so a DSN the SDK
 * would refuse opens no host.
 */
export interface ErrorDsn {
  readonly dsn: string
  /** where the envelopes go: the policy's connect-src entry */
  readonly origin: string
}

/** The DSN as configured, or undefined when none (or an unusable one) is configured. */
export function parseErrorDsn(text: string | undefined): ErrorDsn | undefined {
  const dsn = text?.trim() ?? ''
  if (dsn === '') return undefined
  let url: URL
  try {
    url = new URL(dsn)
  } catch {
    return undefined
  }
  const secure = url.protocol === 'https:'
  const local = url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname)
  if (!(secure || local) || !/^[A-Za-z0-9]+$/.test(url.username) || url.password !== '') {
    return undefined
  }
  if (!/^\/(?:[^/?#]+\/)*\d+$/.test(url.pathname) || url.search !== '' || url.hash !== '') {
    return undefined
  }
  return { dsn, origin: url.origin }
}
