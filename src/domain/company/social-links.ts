/** One of identity.socialNetworks (docs/product/2-screens.md footer). */
export interface SocialNetworkLike {
  active: boolean
  url?: string | null | undefined
}

/**
 * The address of a social network the company shows: active and with a url. The footer's icons
 * and the JSON-LD sameAs (docs/decisions/060-structured-data.md) list the same ones.
 */
export function shownSocialUrl(network: SocialNetworkLike): string | undefined {
  return network.active && network.url ? network.url : undefined
}
