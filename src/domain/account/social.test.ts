import { describe, expect, it } from 'vitest'
import {
  emailIsVerified,
  mayUnlink,
  readSocialOutcome,
  socialOutcomeHash,
  socialProviders,
  socialReturnPath,
  socialStartHref,
} from './social'

describe('social sign-in', () => {
  it('offers only the providers with a key', () => {
    expect(socialProviders({})).toEqual([])
    expect(socialProviders({ google: '', facebook: ' ' })).toEqual([])
    expect(socialProviders({ google: 'g-app', facebook: undefined })).toEqual(['google'])
    expect(socialProviders({ google: 'g', facebook: 'f' })).toEqual(['google', 'facebook'])
  })

  it('leads to the API start route of this site, never to /passport', () => {
    const href = socialStartHref('google', 'maison', '/en/auth/customer/login?redirect=/en/panier')
    expect(href).toBe(
      '/api/auth/google/start?company=maison&return=%2Fen%2Fauth%2Fcustomer%2Flogin%3Fredirect%3D%2Fen%2Fpanier',
    )
    expect(href).not.toContain('passport')
  })

  it('comes back only to a path of this site, without a hash', () => {
    expect(socialReturnPath('/fr/auth/customer/login?redirect=/x#old')).toBe(
      '/fr/auth/customer/login?redirect=/x',
    )
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil',
      '/\t/evil',
      '',
      null,
    ]) {
      expect(socialReturnPath(bad)).toBe('/')
    }
    expect(socialReturnPath('https://evil.example/', '/profile')).toBe('/profile')
  })

  it('writes and reads the outcome in the hash, and nothing else', () => {
    for (const outcome of [
      { kind: 'signed-in' },
      { kind: 'linked' },
      { kind: 'error', errType: 'emailNotVerified' },
    ] as const) {
      expect(readSocialOutcome(socialOutcomeHash(outcome))).toEqual(outcome)
    }
    expect(readSocialOutcome('')).toBeUndefined()
    expect(readSocialOutcome('#social=admin')).toBeUndefined()
    expect(readSocialOutcome('#social-error=<script>')).toBeUndefined()
  })

  it('trusts an e-mail only when the provider vouches for it', () => {
    expect(emailIsVerified('google', { email: 'a@b.example', email_verified: true })).toBe(true)
    expect(emailIsVerified('google', { email: 'a@b.example', email_verified: false })).toBe(false)
    expect(emailIsVerified('google', { email: 'a@b.example' })).toBe(false)
    expect(emailIsVerified('google', { email: 'a@b.example', email_verified: 'true' })).toBe(false)
    expect(emailIsVerified('google', { email_verified: true })).toBe(false)
    // Facebook releases confirmed addresses only and sends no claim; an explicit false still wins
    expect(emailIsVerified('facebook', { email: 'a@b.example' })).toBe(true)
    expect(emailIsVerified('facebook', { email: 'a@b.example', email_verified: false })).toBe(false)
  })
})

describe('mayUnlink', () => {
  it('keeps the last way in of an account without password', () => {
    expect(mayUnlink({ hasPassword: true, linked: ['google'], provider: 'google' })).toBe(true)
    expect(mayUnlink({ hasPassword: false, linked: ['google'], provider: 'google' })).toBe(false)
    expect(
      mayUnlink({ hasPassword: false, linked: ['google', 'facebook'], provider: 'google' }),
    ).toBe(true)
    expect(mayUnlink({ hasPassword: true, linked: [], provider: 'google' })).toBe(false)
  })
})
