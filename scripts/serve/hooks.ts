import type { IncomingMessage, ServerResponse } from 'node:http'
import { type PublishEvent, publishEvent } from '#contract/publish-event'
import { SIGNATURE_HEADER, verifyEvent } from '#contract/publish-signature'
import type { PublishStamps } from './publish-stamps'
import type { RebuildQueue } from './queue'
import type { ReplayGuard } from './replay-guard'
import { sendJson } from './static-files'

export const PUBLISH_HOOK_PATH = '/_hooks/publish'

/** A publish event is a few hundred bytes; anything much larger is not one. */
const MAX_BODY = 64 * 1024

function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) {
        resolve(undefined)
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

/** The body as the contract's publish event; undefined when it is not JSON or not one. */
function eventOf(body: Buffer): PublishEvent | undefined {
  try {
    const parsed = publishEvent.safeParse(JSON.parse(body.toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

export interface PublishHookContext {
  /** PUBLISH_WEBHOOK_SECRET, shared with the API. */
  readonly secret: string
  readonly queue: RebuildQueue
  /** The delivery ids seen within the signature window. */
  readonly guard: ReplayGuard
  /** The durable publish queue, read again on start. */
  readonly stamps: PublishStamps
  readonly log: (line: string) => void
}

/**
 * POST /_hooks/publish from the API (server/services/webhooks): the contract's publish event
 * (src/contract/publish-event.ts) signed per delivery in x-signature (`t=..,id=..,v1=..`). The
 * signature is checked on the bytes as received, before anything is parsed: unsigned or wrongly
 * signed, or signed outside the time window → 401; signed but not a publish event → 400; a
 * delivery id already seen → 409 (a replay); nothing is queued then. A valid one
 * is written to the durable queue, then queued for a rebuild of that tenant alone, and answered
 * 202 at once (the API retries until a 2xx, so the build must not hold the answer; the durable
 * write before the answer is what a crash mid-build cannot lose: docs/decisions/015-*.md).
 */
export async function handlePublishHook(
  request: IncomingMessage,
  response: ServerResponse,
  context: PublishHookContext,
): Promise<void> {
  const { log } = context
  if (request.method !== 'POST') {
    response.setHeader('allow', 'POST')
    return sendJson(response, 405, { code: 405, message: 'POST only.' })
  }
  const body = await readBody(request)
  if (body === undefined) return sendJson(response, 413, { code: 413, message: 'Body too large.' })
  const header = request.headers[SIGNATURE_HEADER]
  const verified = await verifyEvent(
    body,
    typeof header === 'string' ? header : undefined,
    context.secret,
  )
  if (!verified.ok) {
    const stale = verified.reason === 'stale'
    log(`publish hook refused: ${stale ? 'signed time out of the window' : 'bad signature'}`)
    const message = stale ? 'Signature expired.' : 'Missing or invalid signature.'
    return sendJson(response, 401, { code: 401, message })
  }
  // Validated only once signed: an unsigned caller learns nothing of the shape.
  const event = eventOf(body)
  if (event === undefined) {
    log('publish hook refused: not a publish event')
    return sendJson(response, 400, { code: 400, message: 'Not a valid publish event.' })
  }
  const { host } = event
  const seen = context.guard.check(verified.id, verified.t)
  if (seen === 'replayed') {
    log(`publish hook refused: delivery ${verified.id} already received`)
    return sendJson(response, 409, { code: 409, message: 'Delivery already received.' })
  }
  if (seen === 'full') {
    response.setHeader('retry-after', '60')
    return sendJson(response, 503, { code: 503, message: 'Too many deliveries; retry later.' })
  }
  context.stamps.published(host)
  const state = context.queue.enqueue(host, event)
  log(`publish hook: ${host} ${state} (${event.kind} ${event.id} ${event.action})`)
  sendJson(response, 202, { host, state })
}
