import { atom, type ReadableAtom } from 'nanostores'
import { COOKIE_LIFETIME_S } from '#contract/constants'
import {
  acceptedPurposes,
  MANDATORY_PURPOSE,
  OPTIONAL_PURPOSES,
  type OptionalPurpose,
} from '#scripts/consent/purposes'
import type { CookieJar } from './cookie-jar'
import { CONSENT_COOKIE } from './keys'

export { OPTIONAL_PURPOSES, type OptionalPurpose } from '#scripts/consent/purposes'
/**
 * Cookie consent (docs/product/2-screens.md "Cookie dialog", docs/product/4-states.md, docs/product/9-constants.md; decision 008). The dialog shows until the
 * preference cookie exists; its value lists the accepted purposes. `connection` (session, carts)
 * is mandatory and always listed; analytics, marketing and content are switchable.
 */
export { CONSENT_COOKIE } from './keys'

export type ConsentChoices = Record<OptionalPurpose, boolean>

export interface ConsentState {
  /** false while the visitor has not answered: the dialog shows. */
  answered: boolean
  choices: ConsentChoices
}

const every = (value: boolean): ConsentChoices => ({
  analytics: value,
  marketing: value,
  content: value,
})

export function parseConsent(value: string | undefined): ConsentState {
  if (value === undefined) return { answered: false, choices: every(false) }
  const accepted = acceptedPurposes(value)
  const choices = every(false)
  for (const purpose of accepted) choices[purpose] = true
  return { answered: true, choices }
}

export function serializeConsent(choices: ConsentChoices): string {
  return [MANDATORY_PURPOSE, ...OPTIONAL_PURPOSES.filter((purpose) => choices[purpose])].join('.')
}

export interface ConsentStore {
  readonly $consent: ReadableAtom<ConsentState>
  accept(): void
  /** Optional purposes off (docs/product/4-states.md "deny sets optional ones false"). */
  deny(): void
  save(choices: ConsentChoices): void
}

export function createConsentStore(jar: CookieJar): ConsentStore {
  const $consent = atom(parseConsent(jar.get(CONSENT_COOKIE)))
  const save = (choices: ConsentChoices) => {
    jar.set(CONSENT_COOKIE, serializeConsent(choices), {
      maxAge: COOKIE_LIFETIME_S.consentPreferences,
    })
    $consent.set({ answered: true, choices: { ...choices } })
  }
  return { $consent, save, accept: () => save(every(true)), deny: () => save(every(false)) }
}

/**
 * The preference list's switches (docs/product/4-states.md): opening the list turns the optional purposes off,
 * closing it turns them back on, until the visitor saves.
 */
export function draftOnToggle(open: boolean): ConsentChoices {
  return every(!open)
}
