import { apiBase, clock } from '#server/kernel/index.ts'
import { InvalidNotification, ProviderError, paymentNotConfigured } from '../errors.ts'
import { basicAuth, callProvider, field, type ProviderResponse, text } from './http.ts'
import { NOTIFICATION_TOLERANCE_SECONDS, type ProviderContext } from './types.ts'

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
  options: { body?: unknown; rawBody?: string; requestId?: string } = {},
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
    ...(options.rawBody !== undefined
      ? { body: options.rawBody }
      : options.body === undefined
        ? {}
        : { body: JSON.stringify(options.body) }),
  })
}

/** The transmission headers PayPal signs a webhook delivery with, by verify-call field. */
const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const

/**
 * Verifies a webhook delivery with PayPal (POST /v1/notifications/verify-webhook-signature,
 * developer.paypal.com/docs/api/webhooks/v1/#verify-webhook-signature_post): the PAYPAL-*
 * transmission headers, the webhook's id (PAYPAL_WEBHOOK_ID: PayPal signs per webhook, so a
 * delivery for another webhook does not verify) and the event exactly as received. The event
 * goes into the call as its raw bytes, not re-serialised: PayPal checks the signature against
 * the event it sent, and a re-encoding (key order, number formats, escapes) could fail it.
 * Unsigned (a header missing), sent more than NOTIFICATION_TOLERANCE_SECONDS from now, or a
 * verification_status other than SUCCESS: InvalidNotification
 * (400), before anything is done; PayPal unreachable or refusing the call: 502 (it retries).
 * Answers the verified event.
 */
export async function verifyWebhook(
  context: ProviderContext,
  headers: Headers,
  rawEvent: string,
): Promise<object> {
  const webhookId = context.secret('PAYPAL_WEBHOOK_ID')
  if (!webhookId) throw paymentNotConfigured('paypal webhook')
  const fields: Record<string, string> = {}
  for (const [name, header] of Object.entries(TRANSMISSION_HEADERS)) {
    const value = headers.get(header)?.trim()
    if (!value) throw new InvalidNotification('Unsigned PayPal notification.')
    fields[name] = value
  }
  // A delivery is signed with its transmission time: an old one replayed is refused here.
  const sent = Date.parse(fields.transmission_time ?? '')
  const drift = Math.abs(clock.now().getTime() - sent)
  if (!Number.isFinite(sent) || drift > NOTIFICATION_TOLERANCE_SECONDS * 1000) {
    throw new InvalidNotification('The PayPal notification is too old.')
  }
  fields.webhook_id = webhookId
  // One JSON object and nothing else: spliced in as is, anything more could add fields.
  let event: unknown
  try {
    event = JSON.parse(rawEvent)
  } catch {
    throw new InvalidNotification('The PayPal notification is not JSON.')
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new InvalidNotification('The PayPal notification is not an event.')
  }
  const head = JSON.stringify(fields)
  const body = `${head.slice(0, -1)},"webhook_event":${rawEvent.trim()}}`
  const response = await paypalCall(context, 'POST', '/v1/notifications/verify-webhook-signature', {
    rawBody: body,
  })
  if (response.status >= 300) {
    const { issue, message } = paypalIssue(response.body)
    throw new ProviderError('paypal', `${issue}: ${message}`, response.status)
  }
  if (text(field(response.body, 'verification_status')) !== 'SUCCESS') {
    throw new InvalidNotification()
  }
  return event
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
