import type { Context } from 'hono'
import { limitBody, type RouteSpec } from '#server/http/route.ts'
import {
  findSmsRow,
  isFreshVonageTimestamp,
  recordSmsStatus,
  SMS_STATUS_PATHS,
  smsAccount,
  verifyVonageSignature,
  vonageStatusChange,
} from '#server/services/notifier/index.ts'
import { acknowledged, refusedSignature } from './answers.ts'

const PATH = SMS_STATUS_PATHS.vonage

/**
 * Vonage's delivery receipts (https://developer.vonage.com/messaging/sms/guides/delivery-receipts):
 * messageId, status, err-code, client-ref... as a GET query, a form POST or a JSON POST (the
 * dashboard's choice), signed with `sig` and `timestamp` when signed webhooks are on
 * (vonage-signature.ts). Unsigned receipts cannot be told from forged ones, so they are refused;
 * a receipt more than five minutes old is refused as a replay, before anything is looked up.
 */
export const vonageStatusRoute: RouteSpec = {
  path: PATH,
  register(app) {
    app.on(['GET', 'POST'], PATH, limitBody('first'), async (c) => {
      const params = await receiptParams(c)
      const now = Math.floor(Date.now() / 1000)
      if (!params.sig || !isFreshVonageTimestamp(params.timestamp, now)) return refusedSignature(c)
      const messageId = params.messageId
      if (!messageId) return acknowledged(c)
      const { db } = c.var.deps
      const row = await findSmsRow(db, 'vonage', messageId, params['client-ref'])
      if (!row) return acknowledged(c)
      const account = smsAccount('vonage', row.company)
      const signature = account?.provider === 'vonage' ? account.signature : undefined
      if (
        !signature ||
        verifyVonageSignature(signature.secret, signature.method, params, now) !== 'valid'
      ) {
        return refusedSignature(c)
      }
      const change = vonageStatusChange(params.status, params['err-code'])
      if (change) await recordSmsStatus(db, row, change)
      return acknowledged(c)
    })
  },
}

/** The receipt's fields, whichever way Vonage sent them; JSON values as their text. */
async function receiptParams(c: Context): Promise<Record<string, string>> {
  const query = Object.fromEntries(new URL(c.req.url).searchParams)
  if (c.req.method !== 'POST') return query
  const raw = await c.req.text()
  if (!(c.req.header('content-type') ?? '').includes('json')) {
    return { ...query, ...Object.fromEntries(new URLSearchParams(raw)) }
  }
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    return query
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return query
  const fields: Record<string, string> = { ...query }
  for (const [name, value] of Object.entries(body)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[name] = String(value)
  }
  return fields
}
