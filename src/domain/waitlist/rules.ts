/**
 * The waitlist of a full day (docs/decisions/040-waitlist.md): who gets a freed slot, and how an
 * entry moves between its states. Pure: the server reads the rows and the free starts, these
 * rules decide.
 */

export const WAITLIST_STATES = ['waiting', 'offered', 'booked', 'lapsed', 'left'] as const
export type WaitlistState = (typeof WAITLIST_STATES)[number]

/** What happens to an entry. */
export type WaitlistEvent = 'offer' | 'book' | 'offerLapsed' | 'dayPassed' | 'leave'

/**
 * The only moves. An offer is made only to a waiting entry and an offered entry never waits
 * again: one entry gets at most one offer in its life, so it never holds two offers at once and
 * never gets a second freed slot; an offer that lapses passes the slot to the next in line.
 */
const MOVES: Readonly<Record<WaitlistState, Partial<Record<WaitlistEvent, WaitlistState>>>> = {
  waiting: { offer: 'offered', dayPassed: 'lapsed', leave: 'left' },
  offered: { book: 'booked', offerLapsed: 'lapsed', leave: 'left' },
  booked: {},
  lapsed: {},
  left: {},
}

/** The state after `event`, or undefined when the event does not apply to this state. */
export function nextState(state: WaitlistState, event: WaitlistEvent): WaitlistState | undefined {
  return MOVES[state][event]
}

/** Entries that still take part in the line (a customer has at most one per shop and day). */
export const isLive = (state: WaitlistState): boolean => state === 'waiting' || state === 'offered'

/** Minutes since the shop's local midnight: the visit must start and end inside [from, to]. */
export interface TimeWindow {
  readonly from: number
  readonly to: number
}

export const MINUTES_PER_DAY = 24 * 60

/** A window is at least `duration` long and inside one day. */
export function isValidWindow(window: TimeWindow, duration = 1): boolean {
  const { from, to } = window
  return (
    Number.isInteger(from) &&
    Number.isInteger(to) &&
    from >= 0 &&
    to <= MINUTES_PER_DAY &&
    to - from >= Math.max(1, duration)
  )
}

/** Whether a visit of `duration` minutes starting at `start` lies inside the window. */
export function windowFits(window: TimeWindow, start: number, duration: number): boolean {
  return start >= window.from && start + duration <= window.to
}

/** An entry as the line sees it. */
export interface LineEntry {
  readonly id: string
  readonly customerId: string
  /** the order of joining: the lower, the earlier in line */
  readonly position: number
  readonly state: WaitlistState
  readonly window: TimeWindow
  /** the visit's length in minutes (its services back to back) */
  readonly duration: number
}

export interface Offer {
  readonly entryId: string
  readonly start: number
}

/**
 * Who gets a freed slot: the first waiting entry in line (by position) with a free start inside
 * its window, at its earliest such start. `startsFor` gives the free starts of that entry's
 * visit (minutes, any order). A customer who holds an offer already is passed over, so one
 * customer never holds two offers at once.
 */
export function firstInLine(
  entries: readonly LineEntry[],
  startsFor: (entry: LineEntry) => readonly number[],
): Offer | undefined {
  const offered = new Set(entries.filter((e) => e.state === 'offered').map((e) => e.customerId))
  const line = entries
    .filter((e) => e.state === 'waiting' && !offered.has(e.customerId))
    .sort((a, b) => a.position - b.position)
  for (const entry of line) {
    const fitting = startsFor(entry).filter((s) => windowFits(entry.window, s, entry.duration))
    if (fitting.length > 0) return { entryId: entry.id, start: Math.min(...fitting) }
  }
  return undefined
}

/** An entry lapses once its day is over: `today` is the shop's local date (YYYY-MM-DD). */
export function dayIsOver(day: string, today: string): boolean {
  return day < today
}

/**
 * Whether a customer may join for `day`: not a past day (today is allowed while it has time
 * left, which the slot computation decides), and only when the day has no start for the visit.
 */
export type JoinRefusal = 'pastDay' | 'daySlots' | 'duplicate' | 'window'

export function joinRefusal(facts: {
  readonly day: string
  readonly today: string
  readonly freeStarts: number
  readonly hasLiveEntry: boolean
  readonly window: TimeWindow
  readonly duration: number
}): JoinRefusal | undefined {
  if (dayIsOver(facts.day, facts.today)) return 'pastDay'
  if (!isValidWindow(facts.window, facts.duration)) return 'window'
  if (facts.hasLiveEntry) return 'duplicate'
  if (facts.freeStarts > 0) return 'daySlots'
  return undefined
}
