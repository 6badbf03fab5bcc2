import { describe, expect, it } from 'vitest'
import { resolveConfig } from '#api/config'
import { bearerOf, readContext } from '#api/context'
import { createApiContextStore } from './api-context'
import { memoryCookieJar, memoryStorage } from './cookie-jar'
import { AUTH_KEY, createSessionStore } from './session'

function deps(storage: Record<string, string> = {}, cookies: Record<string, string> = {}) {
  return { storage: memoryStorage(storage), jar: memoryCookieJar(cookies) }
}

describe('session store', () => {
  it('a customer sign-in is kept in local storage and a 30-day cookie', () => {
    const d = deps()
    const store = createSessionStore(d)
    store.signIn('customer', 'c-token')
    expect(d.storage.getItem(AUTH_KEY.customer)).toBe('c-token')
    expect(d.jar.options.get(AUTH_KEY.customer)).toEqual({ maxAge: 2_592_000 })
    expect(store.$session.get()).toMatchObject({ type: 'customer', customerToken: 'c-token' })
  })

  it('the provider cookie has no lifetime', () => {
    const d = deps()
    createSessionStore(d).signIn('provider', 'p-token')
    expect(d.jar.options.get(AUTH_KEY.provider)).toEqual({})
  })

  it('restores the customer first, then the provider, never both', () => {
    const both = createSessionStore(
      deps({ [AUTH_KEY.customer]: 'c' }, { [AUTH_KEY.provider]: 'p' }),
    )
    expect(both.$session.get()).toMatchObject({ type: 'customer', customerToken: 'c' })
    expect(both.$session.get().providerToken).toBeNull()
    const provider = createSessionStore(deps({}, { [AUTH_KEY.provider]: 'p' }))
    expect(provider.$session.get()).toMatchObject({ type: 'provider', providerToken: 'p' })
  })

  it('logout clears the token, the customer and the loyalty card', () => {
    const d = deps()
    const store = createSessionStore(d)
    store.signIn('customer', 'c')
    store.setCustomer({ name: 'Ana' }, { points: 3 })
    store.logout()
    expect(store.$session.get()).toEqual({
      type: null,
      customerToken: null,
      providerToken: null,
      customer: null,
      loyaltyCard: null,
    })
    expect(d.storage.getItem(AUTH_KEY.customer)).toBeNull()
    expect(d.jar.get(AUTH_KEY.customer)).toBeUndefined()
  })

  it('the api context follows the session, the provider token winning', () => {
    const store = createSessionStore(deps())
    const $ctx = createApiContextStore({
      config: resolveConfig({}),
      companyToken: 'company-1',
      curlang: 'en',
      $session: store.$session,
    })
    expect(bearerOf($ctx.get())).toBeUndefined()
    store.signIn('customer', 'c')
    expect(bearerOf(readContext(() => $ctx.get()))).toBe('c')
    store.signIn('provider', 'p')
    expect($ctx.get()).toMatchObject({ companyToken: 'company-1', curlang: 'en' })
    expect(bearerOf($ctx.get())).toBe('p')
  })
})
