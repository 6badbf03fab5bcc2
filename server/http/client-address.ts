import { BlockList, isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { AppEnv } from './types.ts'

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is the IPv4 address it carries. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped?.[1] ?? address
}

const lists = new WeakMap<readonly string[], BlockList>()

/** The TRUST_PROXY entries as a matcher, built once per config list. */
function trustedList(entries: readonly string[]): BlockList {
  const cached = lists.get(entries)
  if (cached) return cached
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  lists.set(entries, list)
  return list
}

export function isTrustedProxy(address: string, entries: readonly string[]): boolean {
  const ip = plain(address)
  const family = isIP(ip)
  if (family === 0 || entries.length === 0) return false
  return trustedList(entries).check(ip, family === 6 ? 'ipv6' : 'ipv4')
}

/**
 * The client address of a request, as limits count it (decision 014): the socket's peer, unless
 * that peer is a trusted proxy (TRUST_PROXY); then X-Forwarded-For is read from the right,
 * skipping trusted proxies, and the first other entry is the client. Entries to its left were
 * written by the client itself and are never believed. An untrusted peer is the client, whatever
 * headers it sends.
 */
export function forwardedClient(
  peer: string,
  forwardedFor: string | undefined,
  trusted: readonly string[],
): string {
  let client = plain(peer)
  if (!isTrustedProxy(client, trusted)) return client
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '')
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = plain(hops[i] ?? '')
    // A proxy that wrote garbage: the last address we could vouch for is the client.
    if (isIP(hop) === 0) return client
    client = hop
    if (!isTrustedProxy(hop, trusted)) return client
  }
  return client
}

export function clientAddress(c: Context<AppEnv>): string {
  let peer = 'unknown'
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // Not served by @hono/node-server (app.request in a unit test): no socket to ask.
  }
  const trusted = c.var.deps?.config.trustProxy ?? []
  return forwardedClient(peer, c.req.header('x-forwarded-for'), trusted)
}

/**
 * Whether the request came through a trusted proxy (the sites server), whose `x-forwarded-host`
 * and `x-forwarded-proto` then name the address the visitor's browser used.
 */
export function fromTrustedProxy(c: Context<AppEnv>): boolean {
  try {
    const peer = getConnInfo(c).remote.address
    return peer !== undefined && isTrustedProxy(plain(peer), c.var.deps?.config.trustProxy ?? [])
  } catch {
    return false
  }
}
