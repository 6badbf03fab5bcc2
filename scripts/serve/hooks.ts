import type { IncomingMessage, ServerResponse } from 'node:http'
import { SIGNATURE_HEADER, verifySignature } from '../../server/services/webhooks/signature'
import { isHost } from '../shared/paths'
import type { RebuildQueue } from './queue'
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

function hostOf(body: Buffer): string | undefined {
  try {
    const event: unknown = JSON.parse(body.toString('utf8'))
    if (typeof event !== 'object' || event === null || !('host' in event)) return undefined
    const host = typeof event.host === 'string' ? event.host.toLowerCase() : ''
    return isHost(host) ? host : undefined
  } catch {
    return undefined
  }
}

/**
 * POST /_hooks/publish from the API (server/services/webhooks): `{host, kind, id, ...}` signed with
 * HMAC-SHA256 of the raw body in x-signature. The signature is checked on the bytes as received,
 * before anything is parsed; unsigned or wrongly signed → 401 and nothing queued. A valid one
 * queues a rebuild of that tenant alone and answers 202 at once (the API retries until a 2xx, so
 * the build must not hold the answer).
 */
export async function handlePublishHook(
  request: IncomingMessage,
  response: ServerResponse,
  secret: string,
  queue: RebuildQueue,
  log: (line: string) => void,
): Promise<void> {
  if (request.method !== 'POST') {
    response.setHeader('allow', 'POST')
    return sendJson(response, 405, { code: 405, message: 'POST only.' })
  }
  const body = await readBody(request)
  if (body === undefined) return sendJson(response, 413, { code: 413, message: 'Body too large.' })
  const signature = request.headers[SIGNATURE_HEADER]
  if (typeof signature !== 'string' || !verifySignature(body, signature, secret)) {
    log('publish hook refused: missing or wrong signature')
    return sendJson(response, 401, { code: 401, message: 'Missing or invalid signature.' })
  }
  const host = hostOf(body)
  if (host === undefined) {
    return sendJson(response, 400, { code: 400, message: 'The event names no valid host.' })
  }
  const state = queue.enqueue(host)
  log(`publish hook: ${host} ${state}`)
  sendJson(response, 202, { host, state })
}
