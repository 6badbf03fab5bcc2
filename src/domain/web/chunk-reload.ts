import { TIMING_MS } from '#contract/constants'

/**
 * docs/product/8-errors.md: a page chunk that fails to load (a deploy replaced the hashed files the page
 * still names) reloads the page, at most once a minute. The time of the last such reload is kept
 * in the tab's session storage under this key, so a chunk that stays missing cannot loop.
 */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at'

export interface ChunkReloadInput {
  /** what session storage holds under CHUNK_RELOAD_KEY (null when nothing, or unreadable) */
  readonly lastReloadAt: string | null
  readonly now: number
  /** navigator.onLine: offline, a reload would only show the browser's own error page */
  readonly online: boolean
}

/** Whether this failure reloads the page; when it does, `now` is stored as the last reload. */
export function chunkReloadDue({ lastReloadAt, now, online }: ChunkReloadInput): boolean {
  if (!online) return false
  const last = lastReloadAt === null ? Number.NaN : Number(lastReloadAt)
  // nothing stored, or garbage: reload. A time ahead of the clock (the clock moved back) also
  // reloads: the new time stored then stops any loop.
  if (!Number.isFinite(last) || last > now) return true
  return now - last >= TIMING_MS.chunkReload
}
