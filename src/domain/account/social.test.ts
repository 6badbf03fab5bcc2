import { describe, expect, it } from 'vitest'
import { readSocialReturn, socialLoginHref, socialProviders } from './social'

describe('social sign-in', () => {
  it('offers only the providers with an app key', () => {
    expect(socialProviders({})).toEqual([])
    expect(socialProviders({ google: '', facebook: ' ' })).toEqual([])
    expect(socialProviders({ google: 'g-app', facebook: undefined })).toEqual(['google'])
    expect(socialProviders({ google: 'g', facebook: 'f' })).toEqual(['google', 'facebook'])
  })

  it('links to the passport base with the app, the company and the way back', () => {
    const href = socialLoginHref({
      passport: 'https://passport.example/',
      provider: 'facebook',
      appId: 'fb 1',
      companyToken: 'ctok',
      returnTo: 'https://shop.example/auth/customer/login',
    })
    const url = new URL(href)
    expect(url.origin + url.pathname).toBe('https://passport.example/passport/facebook')
    expect(url.searchParams.get('appId')).toBe('fb 1')
    expect(url.searchParams.get('company')).toBe('ctok')
    expect(url.searchParams.get('redirect')).toBe('https://shop.example/auth/customer/login')
    expect(
      socialLoginHref({
        passport: '',
        provider: 'google',
        appId: 'a',
        companyToken: 'c',
        returnTo: '/x',
      }),
    ).toMatch(/^\/passport\/google\?/)
  })

  it('reads a complete identity from the hash, nothing else', () => {
    expect(readSocialReturn('#provider=google&userID=u&accessToken=t&email=a%40b.example')).toEqual(
      {
        provider: 'google',
        userID: 'u',
        accessToken: 't',
        email: 'a@b.example',
      },
    )
    expect(
      readSocialReturn('#provider=twitter&userID=u&accessToken=t&email=a@b.example'),
    ).toBeUndefined()
    expect(readSocialReturn('#provider=google&userID=u&email=a@b.example')).toBeUndefined()
    expect(readSocialReturn('')).toBeUndefined()
  })
})
