import { describe, expect, it } from 'vitest'
import { CONSENT_COOKIE, CONSENT_MAX_AGE, createConsentStore, draftOnToggle } from './consent'
import { memoryCookieJar } from './cookie-jar'

describe('consent store', () => {
  it('is unanswered until the preference cookie exists', () => {
    const store = createConsentStore(memoryCookieJar())
    expect(store.$consent.get()).toEqual({ answered: false, choices: { analytics: false } })
  })

  it('accept stores every purpose for 34164000 s, the connection cookie always listed', () => {
    const jar = memoryCookieJar()
    const store = createConsentStore(jar)
    store.accept()
    expect(jar.get(CONSENT_COOKIE)).toBe('connection.analytics')
    expect(jar.options.get(CONSENT_COOKIE)).toEqual({ maxAge: CONSENT_MAX_AGE })
    expect(CONSENT_MAX_AGE).toBe(34_164_000)
    expect(store.$consent.get()).toEqual({ answered: true, choices: { analytics: true } })
  })

  it('deny keeps only the mandatory connection cookie and answers the dialog', () => {
    const jar = memoryCookieJar()
    const store = createConsentStore(jar)
    store.deny()
    expect(jar.get(CONSENT_COOKIE)).toBe('connection')
    expect(store.$consent.get()).toEqual({ answered: true, choices: { analytics: false } })
  })

  it('restores a previous answer from the cookie', () => {
    const jar = memoryCookieJar({ [CONSENT_COOKIE]: 'connection.analytics' })
    expect(createConsentStore(jar).$consent.get().choices.analytics).toBe(true)
  })

  it('opening the preference list turns optional purposes off, closing turns them on', () => {
    expect(draftOnToggle(true)).toEqual({ analytics: false })
    expect(draftOnToggle(false)).toEqual({ analytics: true })
  })
})
