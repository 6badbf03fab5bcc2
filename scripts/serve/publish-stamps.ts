import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { isHost } from '../shared/paths'
import { readIfExists, writeDurably } from './durable-file'
import type { TenantBuilder } from './queue'

/**
 * The serve process's durable publish queue (docs/decisions/015-crash-safety.md): per tenant, a
 * stamp written when a publish is accepted (`<host>.published`, before the webhook is answered)
 * and the stamp a successful build covered (`<host>.built`). A tenant whose published stamp is
 * newer than its built one has a publish not yet live: after a crash, the restart rebuilds it.
 */
export interface PublishStamps {
  /** Records a publish of `host`; returns its stamp (increasing per host). */
  published(host: string): number
  /** The hosts with a publish newer than their last successful build. */
  pending(): string[]
  /** Wraps a builder: a successful build records the publish stamp read when it started. */
  tracking(builder: TenantBuilder): TenantBuilder
}

const readStamp = (path: string): number => {
  const value = Number(readIfExists(path) ?? '0')
  return Number.isSafeInteger(value) ? value : 0
}

export function createPublishStamps(dir: string): PublishStamps {
  mkdirSync(dir, { recursive: true })
  const publishedFile = (host: string) => join(dir, `${host}.published`)
  const builtFile = (host: string) => join(dir, `${host}.built`)

  return {
    published(host) {
      // Milliseconds, but never equal to or below the last one (two publishes in one ms).
      const stamp = Math.max(Date.now(), readStamp(publishedFile(host)) + 1)
      writeDurably(publishedFile(host), String(stamp))
      return stamp
    },
    pending() {
      return readdirSync(dir)
        .filter((name) => name.endsWith('.published'))
        .map((name) => name.slice(0, -'.published'.length))
        .filter((host) => isHost(host))
        .filter((host) => readStamp(publishedFile(host)) > readStamp(builtFile(host)))
        .sort()
    },
    tracking(builder) {
      return async (host, events) => {
        // Read before the build pulls: a publish arriving during the build is newer than this
        // stamp, so it stays pending (and is queued again) even if this build succeeds.
        const stamp = readStamp(publishedFile(host))
        const ok = await builder(host, events)
        if (ok && stamp > readStamp(builtFile(host))) writeDurably(builtFile(host), String(stamp))
        return ok
      }
    },
  }
}
