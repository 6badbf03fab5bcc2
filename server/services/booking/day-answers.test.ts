import { describe, expect, it } from 'vitest'
import type { DayAvailability } from '#contract/availability.ts'
import type { AppointmentsPeriodQuery } from '#contract/calls/appointments.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import type { BookingCatalogue } from './catalogue.ts'
import type { BusyByDate, BusyDay } from './claims.ts'
import { answerText } from './day-answers.ts'

/**
 * Decision 053, the rule alone: which inputs make one date's part be computed again. The whole
 * API's answers are compared with fresh ones in server/routes/appointments/answers.test.ts.
 */
const catalogue = () => ({ shop: { timeZone: 'Europe/Paris' } }) as unknown as BookingCatalogue
const company = () => ({ id: 1 }) as unknown as CompanyRow
const query = (servicesId = ['cut']) =>
  ({
    shopId: 's1',
    servicesId,
    start: 'x',
    end: 'y',
    mode: '2',
  }) as unknown as AppointmentsPeriodQuery
const NOON = new Date('2027-04-27T10:00:00Z') // 12:00 in Paris, Tuesday 27 April
const WEEK = ['2027-04-27', '2027-04-28', '2027-04-29']

function counter() {
  const asked: string[] = []
  const day = (date: string): DayAvailability | undefined => {
    asked.push(date)
    // the 28th has nothing free: it is left out
    return date === '2027-04-28'
      ? undefined
      : {
          m_tabres: [
            {
              m_id: date,
              m_displayname: 'A',
              m_workingHours: [],
              m_event: [],
              m_SbSelectionActive: true,
            },
          ],
          m_tabresC: [],
        }
  }
  return { day, asked }
}
const busyOf = (dates: readonly string[]): BusyByDate =>
  new Map(dates.map((date): [string, BusyDay] => [date, new Map()]))

describe('answerText', () => {
  it('is the JSON of the answer object, and computes a date again only when its day changed', () => {
    const shop = catalogue()
    const row = company()
    const { day, asked } = counter()
    const busy = busyOf(WEEK)
    const text = answerText(shop, row, query(), WEEK, busy, NOON, day)
    expect(text).toBe(
      JSON.stringify({ '2027-04-27': day('2027-04-27'), '2027-04-29': day('2027-04-29') }),
    )
    asked.length = 0
    expect(answerText(shop, row, query(), WEEK, busy, NOON, day)).toBe(text)
    expect(asked).toEqual([])
    // a hold forgot the 29th: its day is a new object, only it is computed again
    const changed = new Map(busy).set('2027-04-29', new Map())
    expect(answerText(shop, row, query(), WEEK, changed, NOON, day)).toBe(text)
    expect(asked).toEqual(['2027-04-29'])
  })

  it('computes today again each minute and a date that turned past, a later date never for the time alone', () => {
    const shop = catalogue()
    const row = company()
    const { day, asked } = counter()
    const busy = busyOf(WEEK)
    answerText(shop, row, query(), WEEK, busy, NOON, day)
    asked.length = 0
    answerText(shop, row, query(), WEEK, busy, new Date(NOON.getTime() + 60_000), day)
    expect(asked).toEqual(['2027-04-27'])
    asked.length = 0
    // the next morning: the 27th turned past and the 28th is today, both asked again (the day
    // function leaves a past date out); the 29th is still a later date
    answerText(shop, row, query(), WEEK, busy, new Date('2027-04-28T06:00:00Z'), day)
    expect(asked).toEqual(['2027-04-27', '2027-04-28'])
  })

  it('keeps parts per catalogue, company and question', () => {
    const shop = catalogue()
    const row = company()
    const { day, asked } = counter()
    const busy = busyOf(WEEK)
    answerText(shop, row, query(), WEEK, busy, NOON, day)
    asked.length = 0
    answerText(shop, row, query(['colour']), WEEK, busy, NOON, day)
    answerText(shop, company(), query(), WEEK, busy, NOON, day)
    answerText(catalogue(), row, query(), WEEK, busy, NOON, day)
    expect(asked).toHaveLength(9)
  })
})
