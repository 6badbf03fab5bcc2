import type { WaitlistEntry } from '#contract/waitlist'
import { isLive, type WaitlistState } from '#domain/waitlist/rules'
import type { MessageKey } from '#i18n/messages'

/**
 * The account's waitlist page (docs/decisions/040-waitlist.md): the entries, what each state
 * says, and the offer link's token, read from the address's fragment (/profile/waitlist#<token>:
 * the browser never sends it to a server).
 */
export const STATE_KEYS: Readonly<Record<WaitlistState, MessageKey>> = {
  waiting: 'waitlist.state.waiting',
  offered: 'waitlist.state.offered',
  booked: 'waitlist.state.booked',
  lapsed: 'waitlist.state.lapsed',
  left: 'waitlist.state.left',
}

/** The offer token of the link, if the address carries one. */
export function offerTokenOf(hash: string): string | undefined {
  const token = hash.replace(/^#/, '').trim()
  return /^[\w-]{20,200}$/.test(token) ? token : undefined
}

/** Live entries may be left. */
export const canLeave = (entry: WaitlistEntry): boolean => isLive(entry.state)

/** The page's outcome of the offer link. */
export type OfferOutcome =
  | { status: 'none' }
  | { status: 'held'; entry: WaitlistEntry }
  | { status: 'booked'; entry: WaitlistEntry }
  | { status: 'failed'; error: unknown }

/** The entries with one replaced (after an offer or a leave). */
export function replaceEntry(
  entries: readonly WaitlistEntry[],
  entry: WaitlistEntry,
): WaitlistEntry[] {
  return entries.some((e) => e.id === entry.id)
    ? entries.map((e) => (e.id === entry.id ? entry : e))
    : [entry, ...entries]
}

/** "09:00" → "09:00" (the window as the shop writes it), the offer's local start as date and time. */
export function offerWhen(start: string): { date: string; time: string } {
  return { date: start.slice(0, 10), time: start.slice(11, 16) }
}
