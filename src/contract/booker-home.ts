import * as z from 'zod/mini'
import { colour, flag, id, image, maybe, slug, sortOrder, translatedText, webUrl } from './common'

/**
 * docs/product/2-screens.md home hero: what a slide's button does. 'service' leads to
 * services/{categorySlug}/{serviceSlug} (slugs stored, so the build needs no look-up);
 * 'url' opens an address.
 */
export const heroSlideAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('service'), categorySlug: slug, serviceSlug: slug }),
  z.object({ type: z.literal('url'), url: webUrl }),
])

export const heroSlide = z.object({
  title: z._default(translatedText, {}),
  text: z._default(translatedText, {}),
  image: maybe(image),
  action: maybe(heroSlideAction),
  /** the button's text; the catalog's label when empty */
  buttonLabel: z._default(translatedText, {}),
})
export type HeroSlide = z.infer<typeof heroSlide>

export const heroImage = z.prefault(
  z.object({
    enabled: flag(false),
    /** the hero sits below the search box; it then collapses while a search is typed */
    isBottom: flag(false),
    serviceId: maybe(id),
    /** shown when there are no slides */
    image: maybe(image),
    /** CSS background-position of the slide images */
    position: z._default(z.string().check(z.regex(/^[a-z0-9%.\s-]{1,40}$/i)), 'center'),
    slides: z._default(z.array(heroSlide), []),
  }),
  {},
)

export const bookerSections = z.prefault(
  z.object({ home: z.prefault(z.object({ heroImage }), {}) }),
  {},
)

/** docs/product/2-screens.md: the Others dropdown and the drawer's custom items (opened in a new tab). */
export const customMenuItem = z.object({
  id,
  url: webUrl,
  label: translatedText,
  order: sortOrder,
})

/** Home and header fields of booker, spread into companyBooker. */
export const bookerHomeFields = {
  sections: bookerSections,
  customMenuItems: z._default(z.array(customMenuItem), []),
  primarySiteLinkEnabled: flag(false),
  primarySiteLink: maybe(webUrl),
  primarySiteLinkText: z._default(translatedText, {}),
  /** docs/product/2-screens.md coupon pop-up on home */
  couponsPopupHome: flag(false),
  couponsPopupText: z._default(translatedText, {}),
  /** the coupon whose amount the pop-up shows; none: every current coupon (decision 090) */
  couponsPopupCouponId: maybe(id),
  popupImg: maybe(z.object({ url: webUrl })),
  /** page background outside the contained site */
  backgroundColor: maybe(colour),
  backgroundRepeat: maybe(
    z.enum(['repeat', 'no-repeat', 'repeat-x', 'repeat-y', 'round', 'space']),
  ),
  headerDark: flag(false),
}
