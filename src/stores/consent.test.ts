import { describe, expect, it } from 'vitest'
import {
  CONSENT_COOKIE,
  createConsentStore,
  draftOnToggle,
  parseConsent,
  serializeConsent,
} from './consent'
import { memoryCookieJar } from './cookie-jar'

const NONE = { analytics: false, marketing: false, content: false }
const ALL = { analytics: true, marketing: true, content: true }

describe('consent store', () => {
  it('is unanswered until the preference cookie exists', () => {
    const store = createConsentStore(memoryCookieJar())
    expect(store.$consent.get()).toEqual({ answered: false, choices: NONE })
  })

  it('accept stores every purpose for 34164000 s, the connection cookie always listed', () => {
    const jar = memoryCookieJar()
    const store = createConsentStore(jar)
    store.accept()
    expect(jar.get(CONSENT_COOKIE)).toBe('connection.analytics.marketing.content')
    expect(jar.options.get(CONSENT_COOKIE)).toEqual({ maxAge: 34_164_000 })
    expect(store.$consent.get()).toEqual({ answered: true, choices: ALL })
  })

  it('deny keeps only the mandatory connection cookie and answers the dialog', () => {
    const jar = memoryCookieJar()
    const store = createConsentStore(jar)
    store.deny()
    expect(jar.get(CONSENT_COOKIE)).toBe('connection')
    expect(store.$consent.get()).toEqual({ answered: true, choices: NONE })
  })

  it('saves a choice per purpose', () => {
    const jar = memoryCookieJar()
    createConsentStore(jar).save({ analytics: false, marketing: true, content: true })
    expect(jar.get(CONSENT_COOKIE)).toBe('connection.marketing.content')
  })

  it('restores a previous answer from the cookie, an older cookie with analytics only too', () => {
    const jar = memoryCookieJar({ [CONSENT_COOKIE]: 'connection.analytics' })
    expect(createConsentStore(jar).$consent.get().choices).toEqual({ ...NONE, analytics: true })
    expect(parseConsent('connection.content.unknown').choices).toEqual({ ...NONE, content: true })
    expect(serializeConsent(parseConsent('content.connection').choices)).toBe('connection.content')
  })

  it('opening the preference list turns optional purposes off, closing turns them on', () => {
    expect(draftOnToggle(true)).toEqual(NONE)
    expect(draftOnToggle(false)).toEqual(ALL)
  })
})
