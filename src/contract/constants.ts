/**
 * Business constants and limits of spec §9 that are not schema defaults (those live in
 * defaults.ts). Durations carry their unit in the name so nobody multiplies by 1000 twice.
 */

export const LANGUAGE_CODES = ['fr', 'de', 'en', 'es', 'it'] as const

export const COOKIE_LIFETIME_S = {
  /** about 395 days */
  consentPreferences: 34_164_000,
  couponDismissal: 86_400,
  locale: 365 * 86_400,
  customerAuth: 2_592_000,
} as const

export const TIMING_MS = {
  eventsCarousel: 10_000,
  heroAutoplay: 5_000,
  progressBarThrottle: 200,
  progressBarDuration: 5_000,
  pageLoadFetchDelay: 200,
  scriptPollMin: 200,
  scriptPollMax: 500,
  paypalPoll: 500,
  previousCartReload: 100,
  chunkReloadGuard: 60_000,
} as const

export const HERO_HEIGHT = { expanded: '50vh', collapsed: '100px' } as const

export const WIDTH_PX = {
  cookieDialogMax: 960,
  couponPopupMax: 780,
  eventsDialog: 950,
  shopDialog: 1024,
  siteContainer: 1200,
  siteContainerFluid: 1600,
} as const

export const WORD_CLOUD = { words: 13, minSize: 4, maxSize: 16, colourSteps: [8, 13] } as const

export const SHOP_SEARCH = {
  pageSize: 6,
  /** suggestions appear when the result count is within [min, max] and fill up to pageSize */
  suggestionsMin: 1,
  suggestionsMax: 5,
  radiusMinKm: 1,
  radiusMaxKm: 250,
  radiusDefaultKm: 100,
  earthRadiusKm: 6371,
  /** below this a distance is shown in metres, above it as ~km */
  metresDisplayLimit: 1000,
  mapZoom: 18,
  /** the first id of the history cookie is the last visited shop, then up to this many more */
  recentShopsListed: 3,
  recentShopsSeparator: '-',
} as const

/** spec §9: purchase events are reported in EUR with no tax nor shipping. */
export const ANALYTICS_PURCHASE = { currency: 'EUR', tax: 0, shipping: 0 } as const

export const ERROR_TRACE_SAMPLE_RATE = 0.1

/** spec §9: shop (e-shop) articles are of type 2. */
export const SHOP_ARTICLE_TYPE = '2'
