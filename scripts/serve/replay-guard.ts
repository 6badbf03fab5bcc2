import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { SIGNATURE_TOLERANCE_S } from '#contract/publish-signature'
import { appendDurably, readIfExists, writeDurably } from './durable-file'

export type IdCheck = 'fresh' | 'replayed' | 'full'

export interface ReplayGuard {
  /** Records a fresh id (on disk, before the caller answers); a known one is 'replayed'. */
  check(id: string, t: number): IdCheck
  readonly size: number
}

export interface ReplayGuardOptions {
  /** The file of seen ids, one `<t> <id>` a line. */
  readonly file: string
  readonly toleranceS?: number
  /** At most this many ids are kept; beyond, new deliveries wait ('full': the API retries). */
  readonly max?: number
  readonly now?: () => number
}

/**
 * The webhook ids seen within the signature window. An id only needs remembering while its
 * signed time is in the window (after that the time check refuses it), so the store is bounded by
 * the publishes of ten minutes; the cap turns a flood into retries rather than forgotten ids.
 * Persisted, so a restart of the serve process does not reopen the window to replays.
 */
export function createReplayGuard(options: ReplayGuardOptions): ReplayGuard {
  const toleranceS = options.toleranceS ?? SIGNATURE_TOLERANCE_S
  const max = options.max ?? 10_000
  const now = options.now ?? (() => Date.now() / 1000)
  const seen = new Map<string, number>()
  mkdirSync(dirname(options.file), { recursive: true })

  for (const line of (readIfExists(options.file) ?? '').split('\n')) {
    const [t, id] = line.split(' ')
    if (t !== undefined && id !== undefined && Number.isFinite(Number(t))) seen.set(id, Number(t))
  }
  let appended = 0

  /** Forgets the ids whose time is out of the window, and rewrites the file without them. */
  function prune(): void {
    const oldest = now() - toleranceS
    for (const [id, t] of seen) if (t < oldest) seen.delete(id)
    writeDurably(options.file, [...seen].map(([id, t]) => `${t} ${id}\n`).join(''))
    appended = 0
  }
  prune()

  return {
    check(id, t) {
      if (seen.has(id)) return 'replayed'
      if (seen.size >= max || appended >= max) prune()
      if (seen.size >= max) return 'full'
      appendDurably(options.file, `${t} ${id}\n`)
      appended++
      seen.set(id, t)
      return 'fresh'
    },
    get size() {
      return seen.size
    },
  }
}
