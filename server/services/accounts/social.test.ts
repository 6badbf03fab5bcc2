import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeProviders, startFakeProviders } from '#server/test/fake-social.ts'
import { createHttpSocialVerifier, type SocialVerifier } from './social.ts'

let fake: FakeProviders
let verifier: SocialVerifier
beforeAll(async () => {
  fake = await startFakeProviders()
  verifier = createHttpSocialVerifier({ googleUrl: fake.url, facebookUrl: `${fake.url}/` })
})
afterAll(() => fake.close())

const future = () => String(Math.floor(Date.now() / 1000) + 600)

describe('HTTP social verifier (against a fake provider)', () => {
  it('reads Google tokeninfo claims for an access token and for an ID token', async () => {
    fake.google('ya29.access', {
      aud: 'app-1',
      sub: 'g-1',
      email: 'a@example.com',
      email_verified: 'true',
      exp: future(),
    })
    expect(await verifier.verify('google', 'ya29.access', 'app-1')).toEqual({
      userId: 'g-1',
      email: 'a@example.com',
      emailVerified: true,
    })
    fake.google('h.p.s', {
      aud: 'other',
      azp: 'app-1',
      sub: 'g-2',
      email_verified: false,
      exp: future(),
    })
    expect(await verifier.verify('google', 'h.p.s', 'app-1')).toEqual({
      userId: 'g-2',
      email: undefined,
      emailVerified: false,
    })
    expect(fake.requests).toContain('/tokeninfo?access_token=ya29.access')
    expect(fake.requests).toContain('/tokeninfo?id_token=h.p.s')
  })

  it('refuses a Google token of another app, an expired one, or one Google refuses', async () => {
    fake.google('for-other-app', { aud: 'app-2', sub: 'g-1', exp: future() })
    fake.google('expired', { aud: 'app-1', sub: 'g-1', exp: '1000' })
    for (const token of ['for-other-app', 'expired', 'unknown-token']) {
      expect(await verifier.verify('google', token, 'app-1')).toBeUndefined()
    }
  })

  it('asks Facebook who the token is for and which app issued it', async () => {
    fake.facebook('EAAB-good', { id: 'fb-1', email: 'b@example.com' }, 'fb-app')
    expect(await verifier.verify('facebook', 'EAAB-good', 'fb-app')).toEqual({
      userId: 'fb-1',
      email: 'b@example.com',
      emailVerified: true,
    })
    expect(await verifier.verify('facebook', 'EAAB-good', 'another-app')).toBeUndefined()
    expect(await verifier.verify('facebook', 'EAAB-unknown', 'fb-app')).toBeUndefined()
  })

  it('reports an unreachable provider as 502, not as a refused token', async () => {
    const down = createHttpSocialVerifier({
      googleUrl: 'http://127.0.0.1:1',
      facebookUrl: 'http://127.0.0.1:1',
    })
    await expect(down.verify('google', 'x', 'app-1')).rejects.toMatchObject({
      status: 502,
      type: 'providerUnavailable',
    })
  })
})
