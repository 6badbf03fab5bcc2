import * as z from 'zod/mini'
import { maybe } from './common'

/**
 * The company's maps provider (docs/product/7-calls.md "a maps script with city autocomplete"): the map of the
 * contact page and the city autocomplete of the shop search use it, only after consent to the
 * `content` purpose (docs/decisions/033-maps-after-consent.md). Google Maps is the one provider;
 * the key is the browser key the company restricts to its sites' addresses.
 */
export const bookerMaps = maybe(
  z.object({
    provider: z.literal('google'),
    apiKey: z.string(),
  }),
)
export type BookerMaps = z.infer<typeof bookerMaps>
