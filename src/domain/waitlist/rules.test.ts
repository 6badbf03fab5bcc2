import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  dayIsOver,
  firstInLine,
  isValidWindow,
  joinRefusal,
  type LineEntry,
  nextState,
  WAITLIST_STATES,
  type WaitlistEvent,
  type WaitlistState,
  windowFits,
} from './rules'

const entry = (over: Partial<LineEntry> & { id: string }): LineEntry => ({
  customerId: over.id,
  position: 0,
  state: 'waiting',
  window: { from: 9 * 60, to: 12 * 60 },
  duration: 60,
  ...over,
})

describe('waitlist line', () => {
  it('the first waiting entry whose window fits gets the slot, at its earliest fitting start', () => {
    const entries = [
      entry({ id: 'late', position: 3 }),
      entry({ id: 'afternoon', position: 1, window: { from: 14 * 60, to: 18 * 60 } }),
      entry({ id: 'morning', position: 2 }),
    ]
    expect(firstInLine(entries, () => [600, 540])).toEqual({ entryId: 'morning', start: 540 })
    // only an afternoon start: the afternoon entry, although later freed starts exist
    expect(firstInLine(entries, () => [900])).toEqual({ entryId: 'afternoon', start: 900 })
    expect(firstInLine(entries, () => [1100])).toBeUndefined()
  })

  it('offered, booked, lapsed and left entries are passed over, and so is a customer holding an offer', () => {
    const entries = [
      entry({ id: 'a', position: 1, state: 'offered', customerId: 'ann' }),
      entry({ id: 'b', position: 2, state: 'lapsed' }),
      entry({ id: 'c', position: 3, customerId: 'ann' }),
      entry({ id: 'd', position: 4, state: 'left' }),
      entry({ id: 'e', position: 5 }),
    ]
    expect(firstInLine(entries, () => [540])).toEqual({ entryId: 'e', start: 540 })
  })

  it('a visit must end inside the window', () => {
    const window = { from: 540, to: 600 }
    expect(windowFits(window, 540, 60)).toBe(true)
    expect(windowFits(window, 545, 60)).toBe(false)
    expect(windowFits(window, 480, 60)).toBe(false)
    expect(isValidWindow(window, 60)).toBe(true)
    expect(isValidWindow(window, 61)).toBe(false)
    expect(isValidWindow({ from: 600, to: 540 })).toBe(false)
    expect(isValidWindow({ from: 0, to: 1441 })).toBe(false)
  })

  it('property: the chosen entry is waiting, fits, and no earlier eligible entry fits', () => {
    const arbEntry = fc.record({
      id: fc.uuid(),
      customerId: fc.constantFrom<string>('ann', 'bob', 'cy', 'dee'),
      position: fc.integer({ min: 0, max: 1000 }),
      state: fc.constantFrom(...WAITLIST_STATES),
      window: fc
        .tuple(fc.integer({ min: 0, max: 1380 }), fc.integer({ min: 15, max: 600 }))
        .map(([from, length]) => ({ from, to: Math.min(1440, from + length) })),
      duration: fc.constantFrom(30, 45, 60, 90),
    })
    fc.assert(
      fc.property(
        fc.uniqueArray(arbEntry, { selector: (e) => e.position, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 1439 }), { maxLength: 8 }),
        (entries, starts) => {
          const offer = firstInLine(entries, () => starts)
          const offered = new Set(
            entries.filter((e) => e.state === 'offered').map((e) => e.customerId),
          )
          const eligible = (e: LineEntry) => e.state === 'waiting' && !offered.has(e.customerId)
          const fits = (e: LineEntry) => starts.some((s) => windowFits(e.window, s, e.duration))
          if (!offer) {
            expect(entries.some((e) => eligible(e) && fits(e))).toBe(false)
            return
          }
          const chosen = entries.find((e) => e.id === offer.entryId)
          expect(chosen && eligible(chosen)).toBe(true)
          if (!chosen) return
          expect(windowFits(chosen.window, offer.start, chosen.duration)).toBe(true)
          expect(starts).toContain(offer.start)
          for (const other of entries) {
            if (other.position < chosen.position) expect(eligible(other) && fits(other)).toBe(false)
          }
        },
      ),
    )
  })
})

describe('waitlist states', () => {
  it('property: whatever happens, an entry gets at most one offer and ends where it ended', () => {
    const events: WaitlistEvent[] = ['offer', 'book', 'offerLapsed', 'dayPassed', 'leave']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { maxLength: 20 }), (sequence) => {
        let state: WaitlistState = 'waiting'
        let offers = 0
        for (const event of sequence) {
          const next = nextState(state, event)
          if (next === undefined) continue
          if (event === 'offer') offers += 1
          if (state === 'booked' || state === 'lapsed' || state === 'left') {
            throw new Error(`${state} moved on ${event}`)
          }
          state = next
        }
        expect(offers).toBeLessThanOrEqual(1)
      }),
    )
  })

  it('an offered entry never waits again; only an offered entry is booked', () => {
    for (const event of ['offer', 'book', 'offerLapsed', 'dayPassed', 'leave'] as const) {
      expect(nextState('offered', event)).not.toBe('waiting')
    }
    expect(nextState('waiting', 'book')).toBeUndefined()
    expect(nextState('offered', 'offerLapsed')).toBe('lapsed')
    expect(nextState('waiting', 'dayPassed')).toBe('lapsed')
  })

  it('entries lapse after their day, not on it', () => {
    expect(dayIsOver('2027-04-28', '2027-04-28')).toBe(false)
    expect(dayIsOver('2027-04-28', '2027-04-29')).toBe(true)
  })
})

describe('joining', () => {
  const base = {
    day: '2027-04-28',
    today: '2027-04-26',
    freeStarts: 0,
    hasLiveEntry: false,
    window: { from: 540, to: 720 },
    duration: 60,
  }
  it('refuses a past day, a bad window, a second live entry and a day that has slots', () => {
    expect(joinRefusal(base)).toBeUndefined()
    expect(joinRefusal({ ...base, today: '2027-04-29' })).toBe('pastDay')
    expect(joinRefusal({ ...base, window: { from: 540, to: 580 } })).toBe('window')
    expect(joinRefusal({ ...base, hasLiveEntry: true })).toBe('duplicate')
    expect(joinRefusal({ ...base, freeStarts: 1 })).toBe('daySlots')
  })
})
