import type { AvailabilityPeriod } from '#contract/availability.ts'
import type { AppointmentsPeriodQuery } from '#contract/calls/appointments.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import type { BookingCatalogue } from './catalogue.ts'
import type { BusyByDate } from './claims.ts'
import { localDateAndMinutes } from './zone-cache.ts'

/**
 * The answer of one availability question, kept beside what it was computed from
 * (docs/decisions/043-availability-answers.md): the days and their JSON (the route keeps its
 * compressed bytes per encoding, keyed by this object).
 */
export interface PeriodAnswer {
  readonly days: AvailabilityPeriod
  readonly text: string
}

interface Memo {
  readonly answer: PeriodAnswer
  readonly company: CompanyRow
  readonly busy: readonly unknown[]
  readonly now: string
}

/** A shop's questions are its services' combinations and weeks; more than this starts over. */
const MAX_PER_SHOP = 1_000

/**
 * Keyed by the cached catalogue object itself: a new catalogue (changed, expired, or the cache
 * switched off) starts with no answers, and the old ones go with it to the collector.
 */
const byCatalogue = new WeakMap<BookingCatalogue, Map<string, Memo>>()
const counts = { reused: 0, computed: 0 }

/** Answers reused and computed by this process, for the benchmark. */
export const answerStats = () => ({ ...counts })

/**
 * What `now` changes in an answer: past dates drop out and today starts after the current minute,
 * so a range that starts after the shop's today depends on nothing but the date.
 */
function nowStamp(catalogue: BookingCatalogue, query: AppointmentsPeriodQuery, now: Date): string {
  const today = localDateAndMinutes(now, catalogue.shop.timeZone)
  return query.start > today.date ? today.date : `${today.date} ${today.minutes}`
}

/**
 * The answer to `query`, reused only while every input is the very one it was computed from: the
 * catalogue object, the company row (its booking settings), the busy time of each date as the
 * cache holds it (a forgotten or lapsed day is loaded again as a new object) and `now` as far as
 * it matters. It can thus never say what a fresh computation would not; it saves the arithmetic,
 * the JSON and the compression of a question asked again.
 */
export function periodAnswer(
  catalogue: BookingCatalogue,
  company: CompanyRow,
  query: AppointmentsPeriodQuery,
  dates: readonly string[],
  busy: BusyByDate,
  now: Date,
  compute: () => AvailabilityPeriod,
): PeriodAnswer {
  const key = JSON.stringify(query)
  const stamp = nowStamp(catalogue, query, now)
  const days = dates.map((date) => busy.get(date))
  let memos = byCatalogue.get(catalogue)
  const hit = memos?.get(key)
  if (
    hit &&
    hit.company === company &&
    hit.now === stamp &&
    hit.busy.every((day, i) => day === days[i])
  ) {
    counts.reused += 1
    return hit.answer
  }
  counts.computed += 1
  const result = compute()
  const answer = { days: result, text: JSON.stringify(result) }
  if (!memos || memos.size >= MAX_PER_SHOP) {
    memos = new Map()
    byCatalogue.set(catalogue, memos)
  }
  memos.set(key, { answer, company, busy: days, now: stamp })
  return answer
}
