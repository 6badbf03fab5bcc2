import { ProviderError, paymentNotConfigured } from '../errors.ts'
import { apiBase } from '../secrets.ts'
import { basicAuth, callProvider, field, type ProviderResponse, text } from './http.ts'
import type { ProviderContext } from './types.ts'

/** The sandbox unless told otherwise: a forgotten setting must not take real money. */
export const PAYPAL_DEFAULT_BASE = 'https://api-m.sandbox.paypal.com'

const tokens = new Map<string, { token: string; expires: number }>()

function credentials(context: ProviderContext) {
  const clientId = context.secret('PAYPAL_CLIENT_ID')
  const secret = context.secret('PAYPAL_CLIENT_SECRET')
  if (!clientId || !secret) throw paymentNotConfigured('paypal')
  return { clientId, secret, base: apiBase(context.secret, 'PAYPAL_API_BASE', PAYPAL_DEFAULT_BASE) }
}

/**
 * An OAuth 2.0 access token (client credentials, POST /v1/oauth2/token), kept until a minute
 * before it expires: PayPal asks integrations to reuse tokens rather than fetch one per call.
 */
export async function accessToken(
  context: ProviderContext,
): Promise<{ token: string; base: string }> {
  const { clientId, secret, base } = credentials(context)
  const key = `${clientId}@${base}`
  const cached = tokens.get(key)
  if (cached && cached.expires > Date.now()) return { token: cached.token, base }
  const response = await callProvider('paypal', `${base}/v1/oauth2/token`, {
    headers: {
      authorization: basicAuth(clientId, secret),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: 'grant_type=client_credentials',
  })
  const token = text(field(response.body, 'access_token'))
  if (response.status !== 200 || !token) {
    throw new ProviderError('paypal', `authentication refused (HTTP ${response.status})`)
  }
  const seconds = Number(field(response.body, 'expires_in')) || 300
  tokens.set(key, { token, expires: Date.now() + Math.max(seconds - 60, 30) * 1000 })
  return { token, base }
}

/** One Orders v2 / Payments v2 call with a bearer and, for writes, PayPal-Request-Id. */
export async function paypalCall(
  context: ProviderContext,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; requestId?: string } = {},
): Promise<ProviderResponse> {
  const { token, base } = await accessToken(context)
  return callProvider('paypal', `${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
      ...(options.requestId ? { 'paypal-request-id': options.requestId } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
}

/** PayPal's reason for a 4xx: the first detail's issue (INSTRUMENT_DECLINED...), else the name. */
export function paypalIssue(body: unknown): { issue: string; message: string } {
  const issue = text(field(body, 'details', 0, 'issue')) ?? text(field(body, 'name')) ?? 'ERROR'
  const message =
    text(field(body, 'details', 0, 'description')) ??
    text(field(body, 'message')) ??
    'PayPal refused the payment.'
  return { issue, message }
}

/** Forget cached tokens (tests replaying different recordings in one process). */
export function resetPaypalTokens(): void {
  tokens.clear()
}
