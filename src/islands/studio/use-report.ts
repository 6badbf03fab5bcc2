import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ReportStep } from '#domain/studio/report-figures'
import { islandApi } from '#islands/shared/island-api'
import { studioKeys } from './studio-queries'

export interface ReportAsk {
  readonly start: string
  readonly end: string
  readonly step: ReportStep
  /** '' for every shop the user may see */
  readonly shopId: string
}

const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

/** This month so far, by day. */
export function defaultAsk(now = new Date()): ReportAsk {
  const today = localDay(now)
  return { start: `${today.slice(0, 8)}01`, end: today, step: 'day', shopId: '' }
}

/**
 * The report asked for (docs/decisions/076-studio-reports.md), at the shops the screen offers:
 * one shop, or all of them named (so a manager's report never reaches past their shops even
 * before the server narrows it). The last answer stays on screen while the next loads.
 */
export function useReport(shopIds: readonly string[]) {
  const [asked, setAsked] = useState<ReportAsk>(() => defaultAsk())
  const shops = asked.shopId === '' ? shopIds.join(',') : asked.shopId
  const result = useQuery({
    queryKey: studioKeys.report(asked.start, asked.end, asked.step, shops),
    queryFn: ({ signal }) =>
      islandApi.stats.report(
        { query: { start: asked.start, end: asked.end, step: asked.step, shops } },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: shops !== '',
  })
  return { asked, ask: setAsked, result }
}
