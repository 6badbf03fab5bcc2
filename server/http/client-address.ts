import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

const LOOPBACK = /^(?:127\.|::1$|::ffff:127\.)/

/**
 * The client's address, for per-address rate limits. Behind the serve process (same machine,
 * loopback peer) the client is the last X-Forwarded-For entry, the one our proxy appended;
 * entries before it are whatever the client sent and are not trusted. A peer that is not
 * loopback is the client itself, whatever headers it sends.
 */
export function clientAddress(c: Context): string {
  let peer = 'unknown'
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // Not served by @hono/node-server (app.request in a unit test): no socket to ask.
  }
  if (!LOOPBACK.test(peer)) return peer
  const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
  return forwarded || peer
}
