/**
 * Business constants of the pure rules (spec §9). Everything a rule would otherwise hard-code lives
 * here, so the stores, islands, build and server agree on one value.
 */

/** Stock reported for a product whose stock is not tracked (spec §5, §9). */
export const UNKNOWN_STOCK = 999_999

/**
 * The group that collects shops without a geoGroupment; its order sorts it last (spec §9).
 * The spec's id -1 is written '-1' because every id of the contract is a string.
 */
export const UNGROUPED_GROUP = Object.freeze({ id: '-1', name: 'Autre(s)', order: 99_999 })

/** Search results are revealed 6 at a time; 'see more' adds 6 (spec §9). */
export const SEARCH_PAGE_SIZE = 6

/** Suggestions are shown for 1-5 results and fill the list up to this many (spec §9). */
export const SUGGESTIONS_FILL_TO = 6

/** Mean earth radius used by the haversine distance (spec §9). */
export const EARTH_RADIUS_KM = 6371

/** Above this many metres a distance is shown as '~N km' (spec §9). */
export const DISTANCE_KM_THRESHOLD_M = 1000

/** Length of a slot block in minutes when the company sets no cuttingHours (spec §3, §9). */
export const DEFAULT_CUTTING_HOURS = 30

/** The search radius slider, in km (spec §9). */
export const RADIUS_KM = Object.freeze({ min: 1, max: 250, default: 100 })

/** The recent-shops list shows the last visited shop plus up to three more (spec §9). */
export const RECENT_SHOPS_SHOWN = 4

/**
 * How many ids the recent-shops cookie keeps. More than are shown, so that a deleted or unloaded
 * shop does not leave the list short.
 */
export const RECENT_SHOPS_STORED = 10

/** Default currency, precision and format (spec §9). */
export const DEFAULT_CURRENCY = Object.freeze({ symbol: '€', code: 'EUR' })
export const DEFAULT_MONEY_PRECISION = 2
export const DEFAULT_CURRENCY_FORMAT = '#!'

/** Tab title used when there is no page title (spec §8). */
export const FALLBACK_TAB_TITLE = 'Réservation en ligne'

/** Module numbers compared with the company version (spec §6). */
export const MODULE_LEVEL = Object.freeze({ eshop: 0, loyalty: 0 })

/** Default artType of a booking cart item (spec §3). */
export const DEFAULT_ART_TYPE = 'article'
