import * as z from 'zod/mini'
import { SESSION_RECORDERS } from '#domain/marketing/session-recording'
import { bookerMaps } from './booker-maps'
import { flag, maybe, translatedText, webUrl } from './common'
import {
  DEFAULT_BOTTOM_NAV_LEFT,
  DEFAULT_BOTTOM_NAV_RIGHT,
  DEFAULT_ROBOTS_ROOT_ONLY,
  DEFAULT_SERVICES_DISPLAY,
  DEFAULT_TAB_TITLE_PATTERN,
} from './constants'

/** docs/product/2-screens.md mobile bottom navigation: what a side slot leads to. */
export const bottomNavSlot = z.enum([
  'services',
  'contact',
  'account',
  'boutique',
  'gift',
  'magazine',
])
export type BottomNavSlot = z.infer<typeof bottomNavSlot>

export const bookerNavigation = z.prefault(
  z.object({
    mobile: z.prefault(
      z.object({
        bottomNavLeft: z._default(bottomNavSlot, DEFAULT_BOTTOM_NAV_LEFT),
        bottomNavRight: z._default(bottomNavSlot, DEFAULT_BOTTOM_NAV_RIGHT),
        /** optional caption under the slot icon, replacing the default label */
        bottomNavLeftInfo: z._default(translatedText, {}),
        bottomNavRightInfo: z._default(translatedText, {}),
      }),
      {},
    ),
    /** docs/product/3-entities.md names it without fields; whatever the back end sends is kept */
    desktop: z._default(z.looseObject({}), {}),
  }),
  {},
)

/** docs/product/2-screens.md legal page anchors plus the cookie text; each is translated HTML (sanitised at build). */
export const textLegals = z.prefault(
  z.object({
    rgpd: z._default(translatedText, {}),
    mentions: z._default(translatedText, {}),
    cgv: z._default(translatedText, {}),
    cgu: z._default(translatedText, {}),
    cookies: z._default(translatedText, {}),
  }),
  {},
)

export const bookerSeo = z.prefault(
  z.object({
    /** '%s' is replaced by the page title */
    siteTabTitlePattern: z._default(z.string().check(z.includes('%s')), DEFAULT_TAB_TITLE_PATTERN),
    /** our addition: robots.txt allows only the root page */
    robotsRootOnly: flag(DEFAULT_ROBOTS_ROOT_ONLY),
  }),
  {},
)

/** Site-wide fields of booker (navigation, listings, legal, SEO, third parties). */
export const bookerSiteFields = {
  navigation: bookerNavigation,
  services: z.prefault(
    z.object({
      list: z.prefault(
        z.object({
          display: z.prefault(
            z.object({
              duration: flag(DEFAULT_SERVICES_DISPLAY.duration),
              price: flag(DEFAULT_SERVICES_DISPLAY.price),
            }),
            {},
          ),
        }),
        {},
      ),
    }),
    {},
  ),
  textLegals,
  seo: bookerSeo,
  favicon: maybe(z.object({ title: maybe(z.string()), image: maybe(webUrl) })),
  /** third parties: all load only after consent */
  ganalytics: maybe(z.string()),
  gaConversionId: maybe(z.string()),
  gaConversionLabel: maybe(z.string()),
  klaviyoPublicKey: maybe(z.string()),
  avisverifies: maybe(z.object({ codeMarque: maybe(z.string()) })),
  optinMonsterEnabled: flag(false),
  optinMonsterCode: maybe(z.string()),
  /**
   * the session-recording script (docs/product/7-calls.md), after consent to analytics:
   * docs/decisions/064-error-page-preview-and-shop-times.md
   */
  sessionRecording: maybe(z.object({ provider: z.enum(SESSION_RECORDERS), id: z.string() })),
  maps: bookerMaps,
  /** client error reporting's Sentry DSN: none, no reporting (docs/decisions/032) */
  sentryDsn: maybe(z.string()),
  oauthKeys: z.prefault(z.object({ google: maybe(z.string()), facebook: maybe(z.string()) }), {}),
}
