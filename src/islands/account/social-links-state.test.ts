import { describe, expect, it } from 'vitest'
import { ApiError } from '#api/errors'
import type { SocialProviderName } from '#domain/account/social'
import { createSocialLinks, socialRows } from './social-links-state'

type Provider = SocialProviderName

function store(linked: Provider[], options: { unlinkFails?: boolean; lastLinked?: Provider } = {}) {
  const visited: string[] = []
  const unlinked: Provider[] = []
  const starts: unknown[] = []
  const links = createSocialLinks(
    {
      socialLinks: async () => ({ providers: linked, noPass: false }),
      socialLinkStart: async (input) => {
        starts.push(input.body)
        return { location: 'https://issuer.example/authorize?x=1' }
      },
      unlinkProvider: async (input) => {
        if (options.unlinkFails) {
          throw new ApiError(409, 'last', { type: 'lastSignInMethod' })
        }
        unlinked.push(input.body.provider)
        return { id: 'c1', email: 'a@b.example', profiles: [], links: [], noPass: false }
      },
    },
    (address) => visited.push(address),
    () => options.lastLinked,
  )
  return { links, visited, unlinked, starts }
}

describe('the profile social sign-in section', () => {
  it('lists the offered providers, unlinkable unless the last way in', () => {
    expect(socialRows(['google', 'facebook'], ['google'], true)).toEqual([
      { provider: 'google', linked: true, canUnlink: true },
      { provider: 'facebook', linked: false, canUnlink: false },
    ])
    expect(socialRows(['google'], ['google'], false)).toEqual([
      { provider: 'google', linked: true, canUnlink: false },
    ])
  })

  it('reads the linked providers and the outcome the hash reports', async () => {
    const ok = store(['google'], { lastLinked: 'google' })
    await ok.links.load('#social=linked')
    expect(ok.links.$state.get()).toMatchObject({
      linked: ['google'],
      done: { key: 'auth.social.linkedDone', provider: 'google' },
      failure: undefined,
    })
    const taken = store([])
    await taken.links.load('#social-error=socialIdentityTaken')
    expect(taken.links.$state.get().failure).toBe('auth.social.identityTaken')
  })

  it('links through the issuer address the API answers', async () => {
    const { links, visited, starts } = store([])
    await links.link('google', '/fr/profile?linking=google')
    expect(starts).toEqual([{ provider: 'google', returnTo: '/fr/profile?linking=google' }])
    expect(visited).toEqual(['https://issuer.example/authorize?x=1'])
  })

  it('unlinks, or says why not', async () => {
    const ok = store(['google'])
    await ok.links.load('')
    await ok.links.unlink('google')
    expect(ok.unlinked).toEqual(['google'])
    expect(ok.links.$state.get()).toMatchObject({
      linked: [],
      busy: false,
      done: { key: 'auth.social.unlinkedDone' },
    })
    const refused = store(['google'], { unlinkFails: true })
    await refused.links.load('')
    await refused.links.unlink('google')
    expect(refused.links.$state.get()).toMatchObject({
      linked: ['google'],
      failure: 'auth.social.lastMethod',
    })
  })
})
