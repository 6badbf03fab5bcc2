import type { DayAvailability } from '#contract/availability.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import type { BookingCatalogue } from '../catalogue.ts'
import type { BusyDay } from '../holds/claims.ts'
import type { AnswerInputs } from './period-answers.ts'
import { localDateAndMinutes } from './zone-cache.ts'

/**
 * One date's part of an availability answer, kept beside what it was computed from
 * (docs/decisions/053-answers-made-of-days.md): a committed hold forgets one day of a shop, and
 * every question of that week was computed again whole; now only that day's part is. A part is
 * reused while its catalogue, company row, busy day and (for today) minute are the very ones it
 * was computed from, as whole answers are (period-answers.ts).
 */
interface DayPart {
  /** the date's member of the answer's JSON, `"YYYY-MM-DD":{…}`, or '' when it is left out */
  readonly member: string
  readonly company: CompanyRow
  readonly busy: unknown
  readonly now: string
}

/**
 * A shop's parts: its services' combinations times the dates asked; more starts over. About as
 * many as the weeks of the 1,000 whole answers period-answers.ts keeps per shop, each part about
 * a seventh of one (a kilobyte in the benchmark's shops).
 */
const MAX_PER_SHOP = 8_000
const byCatalogue = new WeakMap<
  BookingCatalogue,
  { size: number; parts: Map<string, Map<string, DayPart>> }
>()

/** What `now` changes in a date's part: a past date is left out, today starts after this minute. */
function nowStamp(date: string, today: { date: string; minutes: number }): string {
  if (date < today.date) return 'past'
  return date === today.date ? String(today.minutes) : ''
}

/**
 * The JSON text of an answer over `dates`, from each date's part: reused when its inputs are
 * unchanged, else `computeDay(date, its busy day)` (undefined leaves the date out, as "nothing free that day").
 * The same as JSON.stringify of the whole answer object, built in the dates' order.
 */
export function answerText(
  inputs: AnswerInputs,
  computeDay: (date: string, day: BusyDay | undefined) => DayAvailability | undefined,
): string {
  const { catalogue, company, query, dates, busy, now } = inputs
  const today = localDateAndMinutes(now, catalogue.shop.timeZone)
  // everything asked but the range: services, mode, equipment
  const question = JSON.stringify({ ...query, start: undefined, end: undefined })
  let shop = byCatalogue.get(catalogue)
  if (!shop || shop.size + dates.length > MAX_PER_SHOP) {
    shop = { size: 0, parts: new Map() }
    byCatalogue.set(catalogue, shop)
  }
  let parts = shop.parts.get(question)
  if (!parts) {
    parts = new Map()
    shop.parts.set(question, parts)
  }
  const members: string[] = []
  for (const date of dates) {
    const day = busy.get(date)
    const stamp = nowStamp(date, today)
    let part = parts.get(date)
    if (!part || part.company !== company || part.busy !== day || part.now !== stamp) {
      const value = computeDay(date, day)
      const member = value ? `${JSON.stringify(date)}:${JSON.stringify(value)}` : ''
      if (!part) shop.size += 1
      part = { member, company, busy: day, now: stamp }
      parts.set(date, part)
    }
    if (part.member !== '') members.push(part.member)
  }
  return `{${members.join(',')}}`
}
