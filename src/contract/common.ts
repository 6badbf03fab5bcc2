import * as z from 'zod/mini'
import { LANGUAGE_CODES } from './constants'

/**
 * Building blocks shared by every contract.
 *
 * MONEY. Every amount in our own API is an integer number of minor units of the company currency
 * (cents for EUR: 1250 means 12,50 €): article `prices`, `weekprices` and `pvTtc`, cart lines,
 * coupon amounts of type 'amount', gift amounts, payment prices, order totals, refunds. Integers
 * keep sums exact and match what payment providers take; `booker.mCurrency.precision` (default 2)
 * says where the decimal point goes when a number is shown. `prices` keeps its historical name and
 * stays a plain number as the back end sends it, but it is minor units, never a float of euros.
 * Where the project computes money itself (payment, orders, refunds) it travels as
 * {amount, currency}. VAT rates are percentages (20 means 20 %, 5.5 is allowed).
 *
 * TIME. Instants (event and alert windows, creation dates, status history) are ISO 8601
 * date-times with an offset or Z. Opening hours and availability are wall-clock 'HH:MM' in the
 * shop's timeZone; an appointment's start and end are wall-clock 'YYYY-MM-DDTHH:MM' in that zone,
 * so the browser never converts time zones and the server (which knows the zone) does.
 *
 * IDS. Every id, our own and the back office's (artebeauteId, abId...), is read as an opaque
 * non-empty string (a number is accepted and converted): ids appear in paths and query strings,
 * where everything is a string anyway.
 *
 * NULL. Back ends write null (or '') for "not set": optional fields (maybe) read both as absent
 * and flags (flag) read null as their default. Fields nullable on purpose (geoGroupment,
 * linkedShop, a cart's shopId) say so.
 *
 * UNKNOWN KEYS. z.object strips keys it does not know, so a back end adding fields never breaks a
 * parse; z.looseObject is used where such fields must survive.
 */

export const languageCode = z.enum(LANGUAGE_CODES)

/** docs/product/3-entities.md: translated text is an object keyed by language code; an unknown key is refused. */
export const translatedText = z.partialRecord(languageCode, z.string())
export type TranslatedText = z.infer<typeof translatedText>

/** The longest id: back-office and our own ids are far shorter (decision 016). */
export const MAX_ID_LENGTH = 64

/** Numbers are accepted (back ends and seed files write them) and read as their decimal string. */
export const id = z.pipe(
  z.union([z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)), z.int()]),
  z.transform((v) => String(v)),
)

/**
 * An optional field. Back ends write null or '' for "not set"; both are read as absent, so
 * consumers only ever test for undefined.
 */
export function maybe<S extends z.ZodMiniType>(schema: S) {
  return z.optional(
    z.pipe(
      z.union([z.null(), z.literal(''), schema]),
      z.transform((v): z.output<S> | undefined => (v === null || v === '' ? undefined : v)),
    ),
  )
}

/** A boolean with a default, which null also selects. */
export const flag = (fallback: boolean) =>
  z._default(
    z.pipe(
      z.nullable(z.boolean()),
      z.transform((v) => v ?? fallback),
    ),
    fallback,
  )

/** Slugs appear in URLs of the route tree (docs/product/2-screens.md): lowercase words joined by hyphens. */
export const slug = z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/))

/**
 * An address a page may link or load: absolute http(s) or root-relative. Refusing every other
 * scheme keeps javascript: and data: out of tenant-provided hrefs and srcs.
 */
export const webUrl = z.string().check(z.regex(/^(?:https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/))

export const email = z.email()

/**
 * A CSS colour safe to emit as a custom property: hex, rgb()/hsl() with plain numbers, or
 * transparent. Anything else could close the declaration and inject CSS.
 */
export const colour = z
  .string()
  .check(
    z.regex(
      /^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(?:rgb|rgba|hsl|hsla)\([0-9.,%\s/deg]+\)|transparent)$/i,
    ),
  )

export const imageObject = z.object({
  url: webUrl,
  src: z.optional(webUrl),
  lazySrc: z.optional(webUrl),
  /** its alternative text per language (a post's cover, decision 091); none: the library's */
  alt: z.optional(translatedText),
})

/** An image; a bare address (as some settings write it) is read as {url}. */
export const image = z.pipe(
  z.union([webUrl, imageObject]),
  z.transform((v) => (typeof v === 'string' ? { url: v } : v)),
)

export const imageList = z._default(z.array(image), [])

/** Wall-clock time of day, 'HH:MM' (24 h). */
export const timeOfDay = z.string().check(z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/))

/**
 * Years a date of this API may name (decision 016): a birthday, an order, an event. Outside
 * them a date is a typo or a probe, and year 9999 plus a duration leaves what Date can hold.
 */
export const MIN_YEAR = 1900
export const MAX_YEAR = 2100

/** 'YYYY-MM-DD' of a real day (no 30 February) within MIN_YEAR..MAX_YEAR. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < MIN_YEAR || year > MAX_YEAR) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const calendar = z.refine<string>(isCalendarDate, {
  message: `Invalid date: a real day between ${MIN_YEAR} and ${MAX_YEAR}`,
})

/** Calendar date 'YYYY-MM-DD' (validated as a real date). */
export const isoDate = z.iso.date().check(calendar)

/** An instant: ISO 8601 date-time with Z or an offset. */
export const instant = z.iso.datetime({ offset: true }).check(calendar)

/** Wall-clock 'YYYY-MM-DDTHH:MM' in the shop's time zone. */
export const localDateTime = z
  .string()
  .check(
    z.regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d$/),
    calendar,
  )

/** A name, city, phone or code: one line of text (decision 016). */
export const MAX_LINE_LENGTH = 200
export const line = z.string().check(z.maxLength(MAX_LINE_LENGTH))

/** Integer minor units (see MONEY above). */
export const minorAmount = z.int().check(z.nonnegative())

export const currencyCode = z.currencyCode()

export const money = z.object({ amount: minorAmount, currency: currencyCode })

/** A VAT rate in percent. */
export const vatRate = z.number().check(z.gte(0), z.lte(100))

export const sortOrder = z._default(z.int(), 0)

/** The reply of a call that only acknowledges. */
export const ack = z.object({ ok: z.literal(true) })

export const paginated = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.int().check(z.nonnegative()),
    page: z.int().check(z.positive()),
    itemPerPage: z.int().check(z.positive()),
  })

/** For objects with an instant window: end strictly after start (offsets compared as instants). */
export const endAfterStart = z.refine<{ start: string; end: string }>(
  (w) => Date.parse(w.start) < Date.parse(w.end),
  { message: 'end must be after start', path: ['end'] },
)
