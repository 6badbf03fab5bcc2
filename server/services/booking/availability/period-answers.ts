import type { AppointmentsPeriodQuery } from '#contract/calls/appointments.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import type { BookingCatalogue } from '../catalogue.ts'
import type { BusyByDate } from '../holds/claims.ts'
import { localDateAndMinutes } from './zone-cache.ts'

/**
 * The answer of one availability question, kept beside what it was computed from
 * (docs/decisions/043-availability-answers.md): its JSON only (the route keeps its compressed
 * bytes per encoding, keyed by this object). The days it was made from are not kept: a week is
 * hundreds of small objects, and thousands of kept weeks were copied by the young generation's
 * collections and marked by every full one (docs/decisions/048-answers-kept-as-text.md).
 */
export interface PeriodAnswer {
  readonly text: string
}

/** What an answer is computed from (and its dates' parts: day-answers.ts). */
export interface AnswerInputs {
  readonly catalogue: BookingCatalogue
  readonly company: CompanyRow
  readonly query: AppointmentsPeriodQuery
  readonly dates: readonly string[]
  readonly busy: BusyByDate
  readonly now: Date
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
 * A shop's answers, by question and by text: services done by the same employees and cabins
 * usually have the same week, and an answer found again by its text brings the bytes it was
 * already compressed into (compress.ts keeps them per answer object;
 * docs/decisions/047-answers-alike-packed-once.md).
 */
interface ShopAnswers {
  readonly byQuestion: Map<string, Memo>
  /** each text's answer and how many questions hold it: a text nobody holds goes */
  readonly byText: Map<string, { readonly answer: PeriodAnswer; holders: number }>
}

/**
 * Keyed by the cached catalogue object itself: a new catalogue (changed, expired, or the cache
 * switched off) starts with no answers, and the old ones go with it to the collector.
 */
const byCatalogue = new WeakMap<BookingCatalogue, ShopAnswers>()
const counts = { reused: 0, computed: 0, shared: 0 }

/** Answers reused, computed, and computed alike to one already packed, for the benchmark. */
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
  inputs: AnswerInputs,
  /** the answer's JSON text (day-answers.ts answerText) */
  compute: () => string,
): PeriodAnswer {
  const { catalogue, company, query, dates, busy, now } = inputs
  const key = JSON.stringify(query)
  const stamp = nowStamp(catalogue, query, now)
  const days = dates.map((date) => busy.get(date))
  let shop = byCatalogue.get(catalogue)
  const hit = shop?.byQuestion.get(key)
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
  const text = compute()
  if (!shop || shop.byQuestion.size >= MAX_PER_SHOP) {
    shop = { byQuestion: new Map(), byText: new Map() }
    byCatalogue.set(catalogue, shop)
  }
  let shared = shop.byText.get(text)
  if (shared) counts.shared += 1
  else {
    shared = { answer: { text }, holders: 0 }
    shop.byText.set(text, shared)
  }
  shared.holders += 1
  // after taking the new one: a question computed again to its old text keeps its answer
  if (hit) release(shop, hit.answer)
  shop.byQuestion.set(key, { answer: shared.answer, company, busy: days, now: stamp })
  return shared.answer
}

/** A question let go of its old answer: its text stays only while another question holds it. */
function release(shop: ShopAnswers, answer: PeriodAnswer): void {
  const shared = shop.byText.get(answer.text)
  if (!shared || shared.answer !== answer) return
  shared.holders -= 1
  if (shared.holders === 0) shop.byText.delete(answer.text)
}
