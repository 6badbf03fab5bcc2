import { describe, expect, it } from 'vitest'
import type { AppointmentsPeriodQuery } from '#contract/calls/appointments.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import type { BookingCatalogue } from '../catalogue.ts'
import type { BusyByDate } from '../holds/claims.ts'
import { answerStats, periodAnswer } from './period-answers.ts'

/**
 * Decision 043, the rule alone: which inputs make an answer be computed again. The whole API's
 * answers are compared with fresh ones in server/routes/appointments/answers.test.ts.
 */
const catalogue = () => ({ shop: { timeZone: 'Europe/Paris' } }) as unknown as BookingCatalogue
const company = () => ({ id: 1 }) as unknown as CompanyRow
const query = (start: string) =>
  ({ shopId: 's1', servicesId: ['cut'], start, end: start }) as unknown as AppointmentsPeriodQuery
const NOON = new Date('2027-04-27T10:00:00Z')
const dates = ['2027-04-29']

function asker() {
  let computed = 0
  const compute = () => {
    computed += 1
    return JSON.stringify({ [`answer ${computed}`]: { m_tabres: [], m_tabresC: [] } })
  }
  return { compute, count: () => computed }
}

describe('periodAnswer', () => {
  it('reuses an answer only on the very same catalogue, company, days and question', () => {
    const shop = catalogue()
    const row = company()
    const busy: BusyByDate = new Map([['2027-04-29', new Map()]])
    const { compute, count } = asker()
    const ask = (c = shop, r = row, b = busy, q = query('2027-04-29')) =>
      periodAnswer({ catalogue: c, company: r, query: q, dates, busy: b, now: NOON }, compute)
    const first = ask()
    expect(ask()).toBe(first)
    expect(count()).toBe(1)
    ask(catalogue())
    ask(shop, company())
    ask(shop, row, new Map([['2027-04-29', new Map()]]))
    ask(shop, row, busy, query('2027-04-30'))
    expect(count()).toBe(5)
    expect(JSON.parse(first.text)).toEqual({ 'answer 1': { m_tabres: [], m_tabresC: [] } })
  })

  it('a question that reaches today is computed again each minute; a later one is not', () => {
    const shop = catalogue()
    const row = company()
    const { compute, count } = asker()
    const later = new Date(NOON.getTime() + 60_000)
    for (const now of [NOON, later]) {
      for (const start of ['2027-04-27', '2027-04-28']) {
        const asked = {
          catalogue: shop,
          company: row,
          query: query(start),
          dates: [],
          busy: new Map(),
          now,
        }
        periodAnswer(asked, compute)
      }
    }
    expect(count()).toBe(3)
  })

  it('counts what it reused and what it computed', () => {
    const before = answerStats()
    const shop = catalogue()
    const { compute } = asker()
    const row = company()
    const asked = {
      catalogue: shop,
      company: row,
      query: query('2027-04-29'),
      dates: [],
      busy: new Map(),
      now: NOON,
    }
    periodAnswer(asked, compute)
    periodAnswer(asked, compute)
    const after = answerStats()
    expect(after.computed - before.computed).toBe(1)
    expect(after.reused - before.reused).toBe(1)
  })

  it('answers alike are one object, so they are compressed once (decision 047)', () => {
    const shop = catalogue()
    const row = company()
    const busy: BusyByDate = new Map([['2027-04-29', new Map()]])
    const week = () => JSON.stringify({ '2027-04-29': { m_tabres: [], m_tabresC: [] } })
    const before = answerStats()
    const asked = {
      catalogue: shop,
      company: row,
      query: query('2027-04-29'),
      dates,
      busy,
      now: NOON,
    }
    const first = periodAnswer(asked, week)
    const other = { ...asked, query: { ...asked.query, servicesId: ['colour'] } }
    expect(periodAnswer(other, week)).toBe(first)
    expect(answerStats().shared - before.shared).toBe(1)
  })

  it('keeps a text while some question holds it, and lets it go after', () => {
    const shop = catalogue()
    const row = company()
    const ask = (service: string, busy: BusyByDate, text: string) =>
      periodAnswer(
        {
          catalogue: shop,
          company: row,
          query: { ...query('2027-04-29'), servicesId: [service] },
          dates,
          busy,
          now: NOON,
        },
        () => JSON.stringify({ [text]: { m_tabres: [], m_tabresC: [] } }),
      )
    const monday: BusyByDate = new Map([['2027-04-29', new Map()]])
    const tuesday: BusyByDate = new Map([['2027-04-29', new Map()]])
    const a = ask('cut', new Map([['2027-04-29', new Map()]]), 'A')
    // its only question computed again to the same text keeps it (and so its packed bytes)
    expect(ask('cut', monday, 'A')).toBe(a)
    expect(ask('colour', monday, 'A')).toBe(a)
    // 'cut' moves on to B: 'colour' still holds A, so a third question alike to A gets it
    ask('cut', tuesday, 'B')
    expect(ask('wash', monday, 'A')).toBe(a)
    // once no question holds A, A computed again is a new object
    ask('colour', tuesday, 'B')
    ask('wash', tuesday, 'B')
    expect(ask('dry', monday, 'A')).not.toBe(a)
  })
})
