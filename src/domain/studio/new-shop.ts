import { email } from '#contract/common'
import type { ShopInput } from '#contract/shop'
import { timeZone } from '#contract/shop'
import { shopSlugVerdict } from '#domain/shops/shop-slug'

/** What the studio's "new shop" form holds (docs/decisions/094-shop-lifecycle.md). */
export interface NewShopDraft {
  readonly name: string
  readonly slug: string
  readonly address: { address: string; zipcode: string; city: string; country: string }
  readonly phone: string
  readonly email: string
  readonly timeZone: string
}

export type NewShopError =
  | { readonly field: 'name'; readonly reason: 'missing' }
  | { readonly field: 'slug'; readonly reason: 'invalid' | 'reserved' | 'taken' }
  | { readonly field: 'city'; readonly reason: 'missing' }
  | { readonly field: 'email' | 'timeZone'; readonly reason: 'invalid' }

export type NewShopBody = Omit<ShopInput, 'id'>

/**
 * The shop a draft creates, or the first field to fix. The site lists a shop by its name, its
 * address and its page's slug, so those are required (a city at least); it opens without online
 * booking, which the owner turns on once it has hours and a bookable resource (the catalogue's
 * checks say what is missing). It goes after the company's other shops.
 */
export function newShopBody(
  draft: NewShopDraft,
  others: readonly { readonly slug: string; readonly order: number }[],
): { body: NewShopBody } | { error: NewShopError } {
  const name = draft.name.trim()
  if (name === '') return { error: { field: 'name', reason: 'missing' } }
  const slug = draft.slug.trim()
  const verdict = shopSlugVerdict(
    slug,
    others.map((shop) => shop.slug),
  )
  if (verdict !== 'ok') return { error: { field: 'slug', reason: verdict } }
  if (draft.address.city.trim() === '') return { error: { field: 'city', reason: 'missing' } }
  const mail = draft.email.trim()
  if (mail !== '' && !email.safeParse(mail).success) {
    return { error: { field: 'email', reason: 'invalid' } }
  }
  if (!timeZone.safeParse(draft.timeZone).success) {
    return { error: { field: 'timeZone', reason: 'invalid' } }
  }
  const phone = draft.phone.trim()
  const trimmed = Object.fromEntries(
    Object.entries(draft.address).map(([key, value]) => [key, value.trim()]),
  ) as NewShopDraft['address']
  return {
    body: {
      slug,
      order: Math.max(0, ...others.map((shop) => shop.order + 1)),
      publicInfo: {
        name,
        address: trimmed,
        ...(phone ? { phone } : {}),
        ...(mail ? { email: mail } : {}),
      },
      booker: { active: false },
      timeZone: draft.timeZone,
    },
  }
}
