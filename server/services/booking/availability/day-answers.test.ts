import { describe, expect, it } from 'vitest'
import type { DayAvailability } from '#contract/availability.ts'
import type { AppointmentsPeriodQuery } from '#contract/calls/appointments.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import type { BookingCatalogue } from '../catalogue.ts'
import type { BusyByDate, BusyDay } from '../holds/claims.ts'
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

/** One shop's parts: `ask` answers the week, with any input changed; `asked` the dates computed. */
function shopAsked() {
  const { day, asked } = counter()
  const inputs = {
    catalogue: catalogue(),
    company: company(),
    query: query(),
    dates: WEEK,
    busy: busyOf(WEEK),
    now: NOON,
  }
  const ask = (changed: Partial<typeof inputs> = {}) => answerText({ ...inputs, ...changed }, day)
  const first = ask()
  asked.length = 0
  return { ask, asked, first, day, inputs }
}

describe('answerText', () => {
  it('is the JSON of the answer object, and computes a date again only when its day changed', () => {
    const { ask, asked, first, day, inputs } = shopAsked()
    expect(first).toBe(
      JSON.stringify({ '2027-04-27': day('2027-04-27'), '2027-04-29': day('2027-04-29') }),
    )
    asked.length = 0
    expect(ask()).toBe(first)
    expect(asked).toEqual([])
    // a hold forgot the 29th: its day is a new object, only it is computed again
    expect(ask({ busy: new Map(inputs.busy).set('2027-04-29', new Map()) })).toBe(first)
    expect(asked).toEqual(['2027-04-29'])
  })

  it('computes today again each minute and a date that turned past, a later date never for the time alone', () => {
    const { ask, asked } = shopAsked()
    ask({ now: new Date(NOON.getTime() + 60_000) })
    expect(asked).toEqual(['2027-04-27'])
    asked.length = 0
    // the next morning: the 27th turned past and the 28th is today, both asked again (the day
    // function leaves a past date out); the 29th is still a later date
    ask({ now: new Date('2027-04-28T06:00:00Z') })
    expect(asked).toEqual(['2027-04-27', '2027-04-28'])
  })

  it('keeps parts per catalogue, company and question', () => {
    const { ask, asked } = shopAsked()
    ask({ query: query(['colour']) })
    ask({ company: company() })
    ask({ catalogue: catalogue() })
    expect(asked).toHaveLength(9)
  })
})
