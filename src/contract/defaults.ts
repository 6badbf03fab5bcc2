/**
 * Every default the schemas apply (spec §3 and §9), in one place so the schemas, the domain rules
 * and the tests agree. A schema never spells a default inline: it imports it from here.
 */

/** spec §1, §9: French is the base language and the one a company speaks when it says nothing. */
export const DEFAULT_LANGUAGE = 'fr'

/** spec §3 identity.logoSize, §9 "logo default size 50". */
export const DEFAULT_LOGO_SIZE = 50

/** spec §3 appointment.cuttingHours, §5 and §9: slots are built in blocks of this many minutes. */
export const DEFAULT_CUTTING_HOURS = 30

/** spec §9 default colours. They apply to the light and the dark theme alike (the spec gives one set). */
export const DEFAULT_THEME_COLOURS = {
  buttonsColor: '#333333',
  headerColor: '#ffffff',
  menuColor: '#ffffff',
  footerColor: '#ffffff',
  bookingBreadDone: '#228B22',
} as const

/** spec §9 default currency; precision is the number of minor-unit digits (see common.ts, money). */
export const DEFAULT_CURRENCY = { symbol: '€', code: 'EUR', precision: 2 } as const

/** spec §9: '#' is the formatted number, '!' the currency symbol, so '#!' renders "12,50€". */
export const DEFAULT_CURRENCY_FORMAT = '#!'

/** spec §1, §9: mono unless the company says otherwise. */
export const DEFAULT_HOMEPAGE_TYPE = 'mono'

/** spec §7 "free (default when none)". */
export const DEFAULT_PAYMENT_PROVIDER = 'free'

/** spec §2 mobile bottom navigation: services on the left, contact on the right. */
export const DEFAULT_BOTTOM_NAV_LEFT = 'services'
export const DEFAULT_BOTTOM_NAV_RIGHT = 'contact'

/** spec §3 services.list.display. */
export const DEFAULT_SERVICES_DISPLAY = { duration: false, price: true } as const

/** spec §8 fallback tab title, and §3 seo.siteTabTitlePattern whose %s is the page title. */
export const FALLBACK_TAB_TITLE = 'Réservation en ligne'
export const DEFAULT_TAB_TITLE_PATTERN = `%s | ${FALLBACK_TAB_TITLE}`

/** Our addition (issue 5): robots.txt allows every page unless the company asks for root only. */
export const DEFAULT_ROBOTS_ROOT_ONLY = false

/** spec §3 booker.appointments: the booking module is on unless switched off. */
export const DEFAULT_APPOINTMENTS_ENABLED = true

/** Opening hours and appointment wall-clock times are read in this zone when a shop has none. */
export const DEFAULT_TIME_ZONE = 'Europe/Paris'

/** spec §7, §9: the cabin mode of the availability query. */
export const DEFAULT_APPOINTMENT_MODE = '1'

/** spec §3 booking cart item artType. */
export const DEFAULT_ART_TYPE = 'article'

/** spec §5, §9: stock reported for an article that does not track stock. */
export const UNKNOWN_STOCK = 999_999

/** spec §3, §9: resources of this type are collaborators (employees). */
export const COLLABORATOR_RESOURCE_TYPE = 100

/**
 * spec §9 ungrouped shop group. Ids are strings in these contracts (common.ts), hence '-1'.
 */
export const UNGROUPED_SHOP_GROUP = { id: '-1', name: 'Autre(s)', order: 99_999 } as const
