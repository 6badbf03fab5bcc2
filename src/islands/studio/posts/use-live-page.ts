import { useCallback, useEffect, useRef, useState } from 'react'
import { type PageProbe, pageGone, pageShowsPublish } from '#domain/studio/live-page'

/**
 * Follows a page of the site until it shows a publish (docs/decisions/082-post-preview.md):
 * `probe` before the save, `watch` after it; the page is asked every second, bypassing caches,
 * for two minutes at most.
 */
export type LiveState = 'idle' | 'waiting' | 'live' | 'gone' | 'late'

const EVERY_MS = 1_000
const AT_MOST_MS = 120_000

export async function probePage(url: string): Promise<PageProbe> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store', redirect: 'manual' })
    return { status: res.status, etag: res.headers.get('etag') }
  } catch {
    return { status: 0, etag: null }
  }
}

export function useLivePage() {
  const [state, setState] = useState<LiveState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const watch = useCallback((url: string, before: PageProbe, expect: 'live' | 'gone') => {
    clearTimeout(timer.current)
    setState('waiting')
    const until = Date.now() + AT_MOST_MS
    const check = async () => {
      const now = await probePage(url)
      if (expect === 'live' ? pageShowsPublish(before, now) : pageGone(now)) {
        setState(expect)
        return
      }
      if (Date.now() > until) setState('late')
      else timer.current = setTimeout(() => void check(), EVERY_MS)
    }
    timer.current = setTimeout(() => void check(), EVERY_MS)
  }, [])
  const reset = useCallback(() => {
    clearTimeout(timer.current)
    setState('idle')
  }, [])
  return { state, watch, reset }
}
