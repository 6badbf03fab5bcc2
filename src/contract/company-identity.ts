import * as z from 'zod/mini'
import { flag, maybe, translatedText, webUrl } from './common'
import { BUSINESS_TYPES, DEFAULT_BUSINESS_TYPE, DEFAULT_LOGO_SIZE } from './constants'

/** docs/product/2-screens.md footer: an icon is shown only when active and with a url. */
export const socialNetwork = z.prefault(
  z.object({
    active: flag(false),
    url: maybe(webUrl),
  }),
  {},
)

export const socialNetworks = z.prefault(
  z.object({
    facebook: socialNetwork,
    google: socialNetwork,
    youtube: socialNetwork,
    instagram: socialNetwork,
    linkedIn: socialNetwork,
  }),
  {},
)
export type SocialNetworks = z.infer<typeof socialNetworks>
export type SocialNetworkName = keyof SocialNetworks

export const companyIdentity = z.object({
  displayName: z.string().check(z.minLength(1)),
  logo: maybe(webUrl),
  /** used over a hero image (docs/product/2-screens.md header) */
  logoWhite: maybe(webUrl),
  /** pixels */
  logoSize: z._default(z.int().check(z.positive()), DEFAULT_LOGO_SIZE),
  /** the site's public address; card payments return to websiteURL + /payments/rdvcheck */
  websiteURL: maybe(webUrl),
  socialNetworks,
  /** the schema.org type of its places in search results (docs/decisions/060-structured-data.md) */
  businessType: z._default(z.enum(BUSINESS_TYPES), DEFAULT_BUSINESS_TYPE),
})

/**
 * docs/product/3-entities.md menu labels a company may override, each translated like every other text; a missing
 * language falls back to the message catalog.
 */
export const menuLabels = z.prefault(
  z.object({
    services: z._default(translatedText, {}),
    boutique: z._default(translatedText, {}),
    gift: z._default(translatedText, {}),
    contact: z._default(translatedText, {}),
    magazine: z._default(translatedText, {}),
  }),
  {},
)
export type MenuLabels = z.infer<typeof menuLabels>
