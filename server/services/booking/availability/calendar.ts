import { WEEKDAY_BY_JS_DAY } from '#contract/opening-hours.ts'
import { type DayPlan, planDay } from '#domain/slots/day-plan.ts'
import type { BookingCatalogue } from '../catalogue.ts'
import { localDateAndMinutes } from './zone-cache.ts'

const DAY_MS = 86_400_000

/** ranges asked lately: a marketplace asks the same weeks of every shop over and over */
const ranges = new Map<string, readonly string[]>()
const MAX_RANGES = 1_000

/**
 * 'YYYY-MM-DD' of every date from `from` to `to`, inclusive. The same range gives the same array
 * of the same strings, so the maps keyed by those dates (cached days, plans) hash each once.
 */
export function datesBetween(from: string, to: string): readonly string[] {
  const key = `${from}|${to}`
  let dates = ranges.get(key)
  if (dates) return dates
  const list: string[] = []
  const end = Date.parse(`${to}T00:00:00Z`)
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += DAY_MS) {
    list.push(new Date(t).toISOString().slice(0, 10))
  }
  dates = Object.freeze(list)
  if (ranges.size >= MAX_RANGES) ranges.clear()
  ranges.set(key, dates)
  return dates
}

export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
}

/**
 * Plans are a function of the catalogue, the date, the cutting hours and `notBefore`: kept per
 * catalogue object (a new catalogue starts with none), so the week of every question about a
 * shop is planned once, not once per service (docs/decisions/043-availability-answers.md).
 */
const plans = new WeakMap<BookingCatalogue, Map<string, DayPlan | undefined>>()
/** dates a shop is asked about, and today once per minute, within a catalogue's lifetime */
const MAX_PLANS = 2_000

/**
 * The plan of one date at the catalogue's shop: nothing on a closed day or a past date; an open
 * day's hours replace the weekday's for the shop and for its employees (an exceptional opening
 * is staffed, even on a day an employee is normally off); today starts after the current minute.
 * Every employee working that day is in it: callers look up the ones their visit can use.
 */
export function planDate(
  catalogue: BookingCatalogue,
  date: string,
  cuttingHours: number,
  now: Date,
): DayPlan | undefined {
  if (catalogue.closed.has(date)) return undefined
  const today = localDateAndMinutes(now, catalogue.shop.timeZone)
  if (date < today.date) return undefined
  const notBefore = date === today.date ? today.minutes + 1 : 0
  const key = `${date}|${cuttingHours}|${notBefore}`
  let known = plans.get(catalogue)
  if (known?.has(key)) return known.get(key)
  const plan = computePlan(catalogue, date, cuttingHours, notBefore)
  if (!known || known.size >= MAX_PLANS) {
    known = new Map()
    plans.set(catalogue, known)
  }
  known.set(key, plan)
  return plan
}

function computePlan(
  catalogue: BookingCatalogue,
  date: string,
  cuttingHours: number,
  notBefore: number,
): DayPlan | undefined {
  const weekday = WEEKDAY_BY_JS_DAY[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? 'monday'
  const exceptional = catalogue.open.get(date)
  const override = exceptional ? { status: 'pause', hours: exceptional } : undefined
  return planDay({
    date,
    shopDay: override ?? catalogue.shop.openingHours[weekday],
    employees: catalogue.employees.map((e) => ({
      id: e.id,
      day: override ?? e.workingHours[weekday],
    })),
    cuttingHours,
    notBefore,
  })
}
