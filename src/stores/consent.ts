import { atom, type ReadableAtom } from 'nanostores'
import type { CookieJar } from './cookie-jar'
import { CONSENT_COOKIE } from './keys'

/**
 * Cookie consent (spec §2 "Cookie dialog", §4, §9). The dialog shows until the preference cookie
 * exists; its value lists the accepted cookies. `connection` (session, carts) is mandatory and
 * always listed; `analytics` is the one switchable purpose so far.
 */
export { CONSENT_COOKIE } from './keys'
/** spec §9: about 395 days, in seconds. */
export const CONSENT_MAX_AGE = 34_164_000

export const OPTIONAL_PURPOSES = ['analytics'] as const
export type OptionalPurpose = (typeof OPTIONAL_PURPOSES)[number]
export type ConsentChoices = Record<OptionalPurpose, boolean>

export interface ConsentState {
  /** false while the visitor has not answered: the dialog shows. */
  answered: boolean
  choices: ConsentChoices
}

const NONE: ConsentChoices = { analytics: false }
const ALL: ConsentChoices = { analytics: true }

export function parseConsent(value: string | undefined): ConsentState {
  if (value === undefined) return { answered: false, choices: NONE }
  const accepted = new Set(value.split('.'))
  return { answered: true, choices: { analytics: accepted.has('analytics') } }
}

export function serializeConsent(choices: ConsentChoices): string {
  return ['connection', ...OPTIONAL_PURPOSES.filter((purpose) => choices[purpose])].join('.')
}

export interface ConsentStore {
  readonly $consent: ReadableAtom<ConsentState>
  accept(): void
  /** Optional purposes off (spec §4 "deny sets optional ones false"). */
  deny(): void
  save(choices: ConsentChoices): void
}

export function createConsentStore(jar: CookieJar): ConsentStore {
  const $consent = atom(parseConsent(jar.get(CONSENT_COOKIE)))
  const save = (choices: ConsentChoices) => {
    jar.set(CONSENT_COOKIE, serializeConsent(choices), { maxAge: CONSENT_MAX_AGE })
    $consent.set({ answered: true, choices: { ...choices } })
  }
  return { $consent, save, accept: () => save(ALL), deny: () => save(NONE) }
}

/**
 * The preference list's switches (spec §4): opening the list turns the optional purposes off,
 * closing it turns them back on, until the visitor saves.
 */
export function draftOnToggle(open: boolean): ConsentChoices {
  return open ? { ...NONE } : { ...ALL }
}
