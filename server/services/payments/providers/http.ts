import { ProviderError } from '../errors.ts'

export interface ProviderResponse {
  readonly status: number
  readonly body: unknown
}

const TIMEOUT_MS = 15_000

/**
 * One call to a provider's REST API. Any HTTP answer comes back (the caller reads 4xx bodies:
 * PayPal and Saferpay explain declines there); only an unreachable or silent provider, or a body
 * that is not JSON, throws ProviderError (502). A timeout keeps a hanging provider from holding
 * the request forever.
 */
export async function callProvider(
  provider: string,
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string },
): Promise<ProviderResponse> {
  let response: Response
  try {
    response = await fetch(url, {
      method: init.method ?? 'POST',
      headers: init.headers,
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    throw new ProviderError(provider, error instanceof Error ? error.message : String(error))
  }
  const text = await response.text()
  if (text.trim() === '') return { status: response.status, body: {} }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown }
  } catch {
    throw new ProviderError(
      provider,
      `unreadable answer (HTTP ${response.status})`,
      response.status,
    )
  }
}

/** Basic authentication, as PayPal (OAuth), PayZen and Saferpay take it. */
export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

/** Minor units as the decimal string PayPal and Monetico take: 4250 -> '42.50'. */
export function decimalAmount(amountCents: number, precision: number): string {
  if (precision === 0) return String(amountCents)
  const digits = String(amountCents).padStart(precision + 1, '0')
  return `${digits.slice(0, -precision)}.${digits.slice(-precision)}`
}

/** The inverse, for amounts a provider reports: '42.50' -> 4250; NaN when malformed. */
export function minorUnits(value: string, precision: number): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim())
  if (!match?.[1]) return Number.NaN
  const fraction = (match[2] ?? '').padEnd(precision, '0')
  if (fraction.length > precision) return Number.NaN
  return Number(match[1]) * 10 ** precision + Number(fraction || '0')
}

/** A narrow reader of provider JSON: fields are checked where they are used, no casts. */
export function field(value: unknown, ...path: (string | number)[]): unknown {
  let current = value
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string | number, unknown>)[key]
  }
  return current
}

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined
