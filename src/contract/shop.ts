import * as z from 'zod/mini'
import { email, flag, id, image, imageList, maybe, slug, sortOrder, translatedText } from './common'
import { DEFAULT_TIME_ZONE } from './constants'
import { openingHours } from './opening-hours'
import { visitPolicy } from './visit-policy'

/** docs/product/3-entities.md geoGroupment: shops of one area, grouped on the marketplace home. */
export const geoGroupment = z.object({
  id,
  name: z.string().check(z.minLength(1)),
  type: maybe(z.string()),
  description: z.prefault(
    z.object({ short: z._default(translatedText, {}), long: z._default(translatedText, {}) }),
    {},
  ),
  image: maybe(image),
  order: sortOrder,
})

export const coordinates = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
})

/** An IANA zone the runtime knows: Intl refuses the others, so does this schema. */
export const timeZone = z.string().check(
  z.refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone })
      return true
    } catch {
      return false
    }
  }, 'unknown time zone'),
)

export const shopAddress = z.object({
  address: z._default(z.string(), ''),
  city: z._default(z.string(), ''),
  country: z._default(z.string(), ''),
  zipcode: z._default(z.string(), ''),
})

export const shop = z.object({
  id,
  artebeauteId: maybe(id),
  slug,
  order: sortOrder,
  /** the shop's id on the company's main website */
  webId: maybe(id),
  publicInfo: z.object({
    name: z.string().check(z.minLength(1)),
    address: z.prefault(shopAddress, {}),
    /** our additions for the contact page; docs/product/3-entities.md lists no contact fields */
    phone: maybe(z.string()),
    email: maybe(email),
    description: z._default(translatedText, {}),
  }),
  /** a shop without coordinates is listed by zip code instead of distance (docs/product/2-screens.md) */
  localisation: maybe(z.object({ coordonate: coordinates })),
  images: imageList,
  booker: z.prefault(
    z.object({
      /** online booking open in this shop; otherwise its card is not clickable */
      active: flag(false),
      shopUseCabins: flag(false),
      /** our addition: what customers may do with their visit online (visit-policy.ts) */
      policy: visitPolicy,
    }),
    {},
  ),
  /** the articles this shop sells or performs, with the slug that builds their URL */
  articles: z._default(z.array(z.object({ id, slug })), []),
  openingHours,
  geoGroupment: z._default(z.nullable(geoGroupment), null),
  /** our addition: the zone of its opening hours and appointment times */
  timeZone: z._default(timeZone, DEFAULT_TIME_ZONE),
})
export type Shop = z.infer<typeof shop>
export type ShopInput = z.input<typeof shop>

/** What a create or update sends: the shop without its id. */
export const shopBody = z.omit(shop, { id: true })
