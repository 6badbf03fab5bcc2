import { WEEKDAY_BY_JS_DAY } from '#contract/opening-hours.ts'
import type { BookingCatalogue } from './catalogue.ts'
import { type DayPlan, planDay } from './day-plan.ts'
import { localDateAndMinutes } from './zone-cache.ts'

const DAY_MS = 86_400_000

/** 'YYYY-MM-DD' of every date from `from` to `to`, inclusive. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = []
  const end = Date.parse(`${to}T00:00:00Z`)
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += DAY_MS) {
    dates.push(new Date(t).toISOString().slice(0, 10))
  }
  return dates
}

export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
}

/**
 * The plan of one date at the catalogue's shop: nothing on a closed day or a past date; an open
 * day's hours replace the weekday's for the shop and for its employees (an exceptional opening
 * is staffed, even on a day an employee is normally off); today starts after the current minute.
 */
export function planDate(
  catalogue: BookingCatalogue,
  date: string,
  cuttingHours: number,
  now: Date,
  /** only these employees (the ones the visit can use); all when absent */
  only?: ReadonlySet<string>,
): DayPlan | undefined {
  if (catalogue.closed.has(date)) return undefined
  const today = localDateAndMinutes(now, catalogue.shop.timeZone)
  if (date < today.date) return undefined
  const notBefore = date === today.date ? today.minutes + 1 : 0
  const weekday = WEEKDAY_BY_JS_DAY[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? 'monday'
  const exceptional = catalogue.open.get(date)
  const override = exceptional ? { status: 'pause', hours: exceptional } : undefined
  return planDay({
    date,
    shopDay: override ?? catalogue.shop.openingHours[weekday],
    employees: (only ? catalogue.employees.filter((e) => only.has(e.id)) : catalogue.employees).map(
      (e) => ({
        id: e.id,
        day: override ?? e.workingHours[weekday],
      }),
    ),
    cuttingHours,
    notBefore,
  })
}
