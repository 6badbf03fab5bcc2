/**
 * Every fixed value of the product, in one place (docs/architecture.md, "Constants"): the
 * defaults the schemas apply when a company says nothing, and the limits, lifetimes and timings
 * of the rules and screens. The schemas, the domain rules, the stores, the islands, the build
 * and the server import them from here; nothing spells one of these values again. Durations
 * carry their unit in the name, so nobody multiplies by 1000 twice.
 */

// ── Languages ────────────────────────────────────────────────────────────────────────────────

export const LANGUAGE_CODES = ['fr', 'de', 'en', 'es', 'it'] as const

/** French is the base language, and the one a company speaks when it says nothing. */
export const DEFAULT_LANGUAGE = 'fr'

// ── Company defaults (what the schemas apply) ────────────────────────────────────────────────

/** identity.logoSize. */
export const DEFAULT_LOGO_SIZE = 50

/**
 * identity.businessType: what the company says it is, as the schema.org type of its places
 * (docs/decisions/060-structured-data.md); a beauty salon unless it says otherwise.
 */
export const BUSINESS_TYPES = [
  'BeautySalon',
  'DaySpa',
  'HairSalon',
  'NailSalon',
  'HealthAndBeautyBusiness',
] as const
export const DEFAULT_BUSINESS_TYPE = 'BeautySalon'

/** The default colours; they apply to the light and the dark theme alike. */
export const DEFAULT_THEME_COLOURS = {
  buttonsColor: '#333333',
  headerColor: '#ffffff',
  menuColor: '#ffffff',
  footerColor: '#ffffff',
  bookingBreadDone: '#228B22',
} as const

/** Mono unless the company says otherwise. */
export const DEFAULT_HOMEPAGE_TYPE = 'mono'

/** The payment provider when none is set: pay at the shop (docs/decisions/012). */
export const DEFAULT_PAYMENT_PROVIDER = 'free'

/** Mobile bottom navigation: services on the left, contact on the right. */
export const DEFAULT_BOTTOM_NAV_LEFT = 'services'
export const DEFAULT_BOTTOM_NAV_RIGHT = 'contact'

/** services.list.display. */
export const DEFAULT_SERVICES_DISPLAY = { duration: false, price: true } as const

/** The tab title when a page has none, and seo.siteTabTitlePattern whose %s is the page title. */
export const FALLBACK_TAB_TITLE = 'Réservation en ligne'
export const DEFAULT_TAB_TITLE_PATTERN = `%s | ${FALLBACK_TAB_TITLE}`

/** robots.txt allows every page unless the company asks for the root only. */
export const DEFAULT_ROBOTS_ROOT_ONLY = false

/** booker.appointments: the booking module is on unless switched off. */
export const DEFAULT_APPOINTMENTS_ENABLED = true

/** Module numbers compared with the company version (e-shop, loyalty). */
export const MODULE_LEVEL = Object.freeze({ eshop: 0, loyalty: 0 })

// ── Money ────────────────────────────────────────────────────────────────────────────────────

/** precision is the number of minor-unit digits (docs/decisions/003). */
export const DEFAULT_CURRENCY = { symbol: '€', code: 'EUR', precision: 2 } as const

/** '#' is the formatted number, '!' the currency symbol, so '#!' renders "12,50€". */
export const DEFAULT_CURRENCY_FORMAT = '#!'

// ── Booking and catalogue ────────────────────────────────────────────────────────────────────

/** appointment.cuttingHours: slots are built in blocks of this many minutes. */
export const DEFAULT_CUTTING_HOURS = 30

/**
 * booker.reminder.hours: a confirmed visit's reminder goes this many hours before it
 * (docs/decisions/039-reminders-and-calendar.md).
 */
export const DEFAULT_REMINDER_HOURS = 24

/**
 * booker.appointment.giftLimit: at most this many voucher visits per shop and day can be set
 * (docs/decisions/063-last-partial-rows-of-the-api.md); a bound keeps the setting a number of visits.
 */
export const MAX_GIFT_LIMIT = 1000

/** Opening hours and appointment wall-clock times are read in this zone when a shop has none. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris'

/** booker.waitlist.offerMinutes: how long a freed slot is held for the customer offered it. */
export const DEFAULT_WAITLIST_OFFER_MINUTES = 15

/**
 * An unpublished theme kept for preview answers its token this long
 * (docs/decisions/064-error-page-preview-and-shop-times.md): a back-office session's worth.
 */
export const THEME_PREVIEW_HOURS = 24

/** The cabin mode of the availability query. */
export const DEFAULT_APPOINTMENT_MODE = '1'

/** A booking cart item's artType. */
export const DEFAULT_ART_TYPE = 'article'

/** Stock reported for an article that does not track stock. */
export const UNKNOWN_STOCK = 999_999

/** Resources of this type are collaborators (employees). */
export const COLLABORATOR_RESOURCE_TYPE = 100

/** Resources of this type are cabins (tenants/ and the back office); the booking reads only these two. */
export const CABIN_RESOURCE_TYPE = 200

// ── Shops and search ─────────────────────────────────────────────────────────────────────────

/**
 * The group that collects shops without a geoGroupment; its order sorts it last. Ids are strings
 * in the contract (common.ts), hence '-1'.
 */
export const UNGROUPED_SHOP_GROUP = Object.freeze({ id: '-1', name: 'Autre(s)', order: 99_999 })

/** Search results are revealed 6 at a time; 'see more' adds 6. */
export const SEARCH_PAGE_SIZE = 6

/** Suggestions are shown for 1-5 results and fill the list up to this many. */
export const SUGGESTIONS_FILL_TO = 6

/**
 * A product page shows this many other products, drawn at random (docs/product/9-constants.md:
 * the random product sample's size is the caller's; docs/decisions/064-error-page-preview-and-shop-times.md).
 */
export const PRODUCT_SAMPLE_SIZE = 3

/** Mean earth radius used by the haversine distance. */
export const EARTH_RADIUS_KM = 6371

/** Above this many metres a distance is shown as '~N km'. */
export const DISTANCE_KM_THRESHOLD_M = 1000

/** The search radius slider, in km. */
export const RADIUS_KM = Object.freeze({ min: 1, max: 250, default: 100 })

/** The recent-shops list shows the last visited shop plus up to three more. */
export const RECENT_SHOPS_SHOWN = 4

/**
 * How many ids the recent-shops cookie keeps. More than are shown, so that a deleted or unloaded
 * shop does not leave the list short.
 */
export const RECENT_SHOPS_STORED = 10

/** The booking payment step's message for the salon, kept on the cart (docs/api/payments.md update-message). */
export const SALON_MESSAGE_MAX = 2000

// ── Cookies and timings ──────────────────────────────────────────────────────────────────────

export const COOKIE_LIFETIME_S = {
  /** about 395 days */
  consentPreferences: 34_164_000,
  couponDismissal: 86_400,
  locale: 365 * 86_400,
  /** 30 days; the provider's cookie is a session cookie */
  customerAuth: 2_592_000,
  /** 30 days, as the customer's session */
  eshopCart: 2_592_000,
  recentShops: 365 * 86_400,
} as const

export const TIMING_MS = {
  /** a page whose code chunk failed to load reloads at most this often (docs/product/8-errors.md) */
  chunkReload: 60_000,
  eventsCarousel: 10_000,
  heroAutoplay: 5_000,
  /** the maintenance page asks whether the site is back, and /waiting retries, this often */
  siteBackCheck: 30_000,
  /** a page load shorter than this shows no progress bar (docs/product/9-constants.md) */
  progressDelay: 200,
  /** the progress bar fills over this time while the load goes on */
  progressDuration: 5_000,
} as const

// ── Analytics and errors ─────────────────────────────────────────────────────────────────────

/** A paid order's analytics event: EUR, no tax, no shipping (docs/product/9-constants.md). */
export const PURCHASE_EVENT = { currency: 'EUR', tax: 0, shipping: 0 } as const

/** The share of traces the client error reporting keeps (docs/product/9-constants.md). */
export const ERROR_TRACE_SAMPLE_RATE = 0.1

export const WIDTH_PX = {
  siteContainer: 1200,
  siteContainerFluid: 1600,
} as const

/** The coupon word cloud: 13 words, sizes 16 down to 4, colour changes after words 8 and 13. */
export const WORD_CLOUD = { words: 13, minSize: 4, maxSize: 16, colourSteps: [8, 13] } as const

/**
 * Our addition (docs/decisions/038-visit-policy.md): what a shop lets customers do with their
 * own visit when it sets nothing. Both allowed up to 24 hours before the visit; a cancellation
 * in time gives back what was paid through the provider that took it.
 */
export const DEFAULT_VISIT_POLICY = {
  reschedule: true,
  cancel: true,
  deadlineHours: 24,
  cancelGives: 'refund',
} as const
/** The longest deadline a shop may set: 30 days. */
export const MAX_VISIT_POLICY_DEADLINE_HOURS = 720

/**
 * A visit's worth (docs/decisions/062-visit-bound-and-list-params.md): the most services one
 * customer may hold unpaid at one shop on one shop-local day, and the most a booking cart takes on
 * one day. A long salon visit is a handful of services; 6 leaves a day of a service with two
 * people (18 one-hour slots) mostly offered to others while one account holds what it can.
 */
export const VISIT_MAX_SERVICES = 6

/**
 * The most services one customer may hold unpaid at once across a company's shops
 * (docs/decisions/017-abuse-limits.md), and so the most slots one hold of the cart may name
 * (docs/decisions/073-one-cart.md).
 */
export const MAX_LIVE_HOLDS = 20

/**
 * Lists carried by a path or query value ("ids=a,b,c"), checked item by item before any work
 * (docs/decisions/062-visit-bound-and-list-params.md): at most this many items by default.
 */
export const LIST_PARAM_MAX_ITEMS = 50

/**
 * The studio's live agenda (docs/decisions/075-studio-live-agenda.md): seconds between two
 * comment lines on a quiet stream (proxies keep it open, the client sees it alive).
 */
export const AGENDA_FEED_HEARTBEAT_SECONDS = 20
/**
 * The server ends a stream after this long and the client opens another: its session is
 * checked again at each opening, which bounds what a lost sign-out notice could keep open.
 */
export const AGENDA_FEED_MAX_SECONDS = 600
