import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { agendaFeedCall } from '#contract/agenda-feed'
import { companyToken, islandRequest } from '#islands/shared/island-api'
import { type FeedStatus, runFeed, staleQueries } from './agenda-feed-state'
import { studioKeys } from './studio-queries'

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

async function open(shopId: string, signal: AbortSignal): Promise<Response> {
  await companyToken()
  const { url, headers } = islandRequest(agendaFeedCall)
  return fetch(`${url}?shopId=${encodeURIComponent(shopId)}`, {
    headers,
    signal,
    cache: 'no-store',
  })
}

/**
 * The shown shop's live agenda (docs/decisions/075-studio-live-agenda.md): while it is on screen
 * its stream stays open, and every event marks the agenda queries it concerns stale, so the open
 * day or week is read again without a reload. A refusal as signed out asks `me` again, whose
 * refusal signs the studio out.
 */
export function useAgendaFeed(shopId: string): FeedStatus {
  const client = useQueryClient()
  const [status, setStatus] = useState<FeedStatus>('connecting')
  useEffect(() => {
    const abort = new AbortController()
    void runFeed(shopId, abort.signal, {
      open,
      wait,
      onStatus: setStatus,
      onEvent: (event) => {
        const stale = staleQueries(event)
        void client.invalidateQueries({ predicate: (query) => stale(query.queryKey) })
      },
      onSignedOut: () => void client.invalidateQueries({ queryKey: studioKeys.me }),
    })
    return () => abort.abort()
  }, [shopId, client])
  return status
}
