import type { WaitlistJoinRequest } from '#contract/waitlist'
import { parseClockTime } from '#domain/slots/clock-time'

/**
 * The slot picker's "join the waitlist" form (docs/decisions/040-waitlist.md): offered for the
 * days of the window that show no free time, with a time window of the shop's local time.
 */
export interface JoinState {
  readonly day: string
  readonly from: string
  readonly to: string
  readonly status: 'idle' | 'sending' | 'joined' | 'failed'
  /** the refusal, as thrown by the API client */
  readonly error?: unknown
}

export type JoinAction =
  | { type: 'day'; day: string }
  | { type: 'from'; from: string }
  | { type: 'to'; to: string }
  | { type: 'sending' }
  | { type: 'joined' }
  | { type: 'failed'; error: unknown }

export const DEFAULT_WINDOW = { from: '09:00', to: '19:00' } as const

/** The shown days without a free start, today onwards. */
export function fullDays(
  dates: readonly string[],
  counts: readonly number[],
  today: string,
): string[] {
  return dates.filter((date, i) => date >= today && (counts[i] ?? 0) === 0)
}

export function initialJoin(days: readonly string[]): JoinState {
  return { day: days[0] ?? '', ...DEFAULT_WINDOW, status: 'idle' }
}

export function joinReducer(state: JoinState, action: JoinAction): JoinState {
  switch (action.type) {
    case 'day':
      return { ...state, day: action.day, status: 'idle' }
    case 'from':
      return { ...state, from: action.from, status: 'idle' }
    case 'to':
      return { ...state, to: action.to, status: 'idle' }
    case 'sending':
      return { ...state, status: 'sending' }
    case 'joined':
      return { ...state, status: 'joined' }
    case 'failed':
      return { ...state, status: 'failed', error: action.error }
  }
}

/** The window is two times of day, the first before the second. */
export function windowValid(state: JoinState): boolean {
  const from = parseClockTime(state.from)
  const to = parseClockTime(state.to)
  return from !== null && to !== null && from < to
}

/** The body of POST /api/waitlist. */
export function joinBody(
  state: JoinState,
  visit: { shopId: string; serviceId: string; locale: string },
): WaitlistJoinRequest {
  const locale = visit.locale as WaitlistJoinRequest['locale']
  return {
    shopId: visit.shopId,
    servicesId: [visit.serviceId],
    day: state.day,
    from: state.from,
    to: state.to,
    ...(locale === undefined ? {} : { locale }),
  }
}

/** Whether a refusal means "sign in first". */
export function needsSignIn(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 401
}
