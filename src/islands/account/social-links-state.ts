import { atom, type ReadableAtom } from 'nanostores'
import type { Api } from '#api/index'
import { mayUnlink, readSocialOutcome, type SocialProviderName } from '#domain/account/social'
import { errorKey } from '#i18n/error-messages'
import type { MessageKey } from '#i18n/messages'

/**
 * The profile's social sign-in section (docs/decisions/031-social-sign-in-oidc.md): which of the
 * offered providers are linked, linking one (through the provider, back to this page with the
 * outcome in the hash) and unlinking one unless it is the last way in. Pure state over an
 * injected client; the view is SocialLinks.tsx.
 */
export interface SocialRow {
  readonly provider: SocialProviderName
  readonly linked: boolean
  readonly canUnlink: boolean
}

export interface SocialLinksState {
  readonly linked: readonly SocialProviderName[] | undefined
  readonly busy: boolean
  readonly failure: MessageKey | undefined
  readonly done: { readonly key: MessageKey; readonly provider: SocialProviderName } | undefined
}

type SocialApi = Pick<Api['users'], 'socialLinks' | 'socialLinkStart' | 'unlinkProvider'>

export interface SocialLinksStore {
  readonly $state: ReadableAtom<SocialLinksState>
  /** Reads the linked providers, and the outcome of a linking the hash reports. */
  load(hash: string): Promise<void>
  link(provider: SocialProviderName, returnTo: string): Promise<void>
  unlink(provider: SocialProviderName): Promise<void>
}

export function socialRows(
  offered: readonly SocialProviderName[],
  linked: readonly SocialProviderName[],
  hasPassword: boolean,
): SocialRow[] {
  return offered.map((provider) => ({
    provider,
    linked: linked.includes(provider),
    canUnlink: mayUnlink({ hasPassword, linked, provider }),
  }))
}

export function createSocialLinks(
  api: SocialApi,
  go: (address: string) => void,
  /** the provider a linking came back from (the page remembers it across the round trip) */
  lastLinked: () => SocialProviderName | undefined,
): SocialLinksStore {
  const $state = atom<SocialLinksState>({
    linked: undefined,
    busy: false,
    failure: undefined,
    done: undefined,
  })
  const set = (patch: Partial<SocialLinksState>) => $state.set({ ...$state.get(), ...patch })
  const failed = (error: unknown) => set({ busy: false, failure: errorKey(error) })

  return {
    $state,
    async load(hash) {
      const back = readSocialOutcome(hash)
      const provider = lastLinked()
      if (back?.kind === 'error') set({ failure: errorKey(back.errType) })
      if (back?.kind === 'linked' && provider) {
        set({ done: { key: 'auth.social.linkedDone', provider } })
      }
      try {
        set({ linked: (await api.socialLinks()).providers })
      } catch (error) {
        failed(error)
      }
    },
    async link(provider, returnTo) {
      set({ busy: true, failure: undefined, done: undefined })
      try {
        const { location } = await api.socialLinkStart({ body: { provider, returnTo } })
        go(location)
      } catch (error) {
        failed(error)
      }
    },
    async unlink(provider) {
      set({ busy: true, failure: undefined, done: undefined })
      try {
        await api.unlinkProvider({ body: { provider } })
        const linked = ($state.get().linked ?? []).filter((name) => name !== provider)
        set({ busy: false, linked, done: { key: 'auth.social.unlinkedDone', provider } })
      } catch (error) {
        failed(error)
      }
    },
  }
}
