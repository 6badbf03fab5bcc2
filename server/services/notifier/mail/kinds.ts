import * as z from 'zod/mini'
import type { Locale } from '#i18n/locales.ts'
import type { NotificationTemplate } from '#server/db/schema/index.ts'

/**
 * What each kind of e-mail needs to be rendered (decision 056). The props are stored as JSON in
 * the outbox row and rendered at delivery, maybe by another release: they are checked again
 * here. They hold facts (cents, the shop's wall clocks, names), never formatted text, so the
 * template writes them in its language; links hold the message's secret placeholders
 * (`{{secret}}`, `{{secret:name}}`) exactly where the body does, never a secret.
 */
const text = z.string()
/** an http(s) address: an href never runs script */
const link = z.string().check(z.regex(/^https?:\/\/\S+$/))
const cents = z.int()
/** the shop's wall clock, 'YYYY-MM-DDTHH:MM' */
const wallClock = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/))

const calendarEvent = z.object({
  uid: z.string().check(z.minLength(3)),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  title: text,
  location: text,
  description: text,
})

/** The visit in calendars: the attachment (calendar-file.ts) and the links of the message. */
const calendar = z.object({
  event: calendarEvent,
  /** when the visit changed, as this message tells it (SEQUENCE, DTSTAMP) */
  changedAt: z.iso.datetime(),
  links: z.optional(z.object({ file: link, google: z.optional(link), outlook: z.optional(link) })),
})

const visitLine = z.object({ service: text, localStart: wallClock })

export const mailProps = {
  /** a sign-up's code, or (purpose signIn) a sign-in's past the account's budget (decision 061) */
  code: z.object({
    code: text,
    minutes: z.int(),
    purpose: z.optional(z.enum(['signUp', 'signIn'])),
  }),
  'password-reset': z.object({ link, minutes: z.int() }),
  'booking-confirmation': z.object({
    firstname: text,
    number: text,
    shop: text,
    address: text,
    lines: z.array(z.extend(visitLine, { priceCents: cents })),
    couponCents: cents,
    voucherCents: cents,
    toPayCents: cents,
    dueAtShop: z.boolean(),
    manageLink: z.optional(link),
    calendar: z.optional(calendar),
  }),
  'booking-rescheduled': z.object({
    number: text,
    shop: text,
    when: wallClock,
    creditedCents: cents,
    difference: z.optional(z.object({ amountCents: cents, due: z.boolean() })),
    manageLink: link,
    calendar: z.optional(calendar),
  }),
  'booking-cancelled': z.object({
    number: text,
    shop: text,
    /** the cancelled visit's first start (as the text says it, even when unknown: '') */
    when: text,
    given: z.enum(['refund', 'credit', 'none']),
    amountCents: cents,
    failedCents: cents,
    calendar: z.optional(calendar),
  }),
  /** to the shop's own address, when a customer changed a visit online */
  'shop-booking-changed': z.object({
    shop: text,
    number: text,
    change: z.enum(['cancelled', 'moved']),
    /** cancelled: the visit's start; moved: from and to (wall clocks, as the text says them) */
    when: z.optional(text),
    from: z.optional(text),
    to: z.optional(text),
    failedCents: cents,
    difference: z.optional(z.object({ amountCents: cents, due: z.boolean() })),
  }),
  reminder: z.object({
    firstname: text,
    number: text,
    shop: text,
    address: text,
    lines: z.array(visitLine),
    manageLink: z.optional(link),
    calendar: z.optional(calendar),
  }),
  'gift-voucher': z.object({
    recipientName: text,
    fromName: text,
    amountCents: cents,
    code: text,
    /** 'YYYY-MM-DD', the last valid day */
    validUntil: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
    message: text,
    siteLink: link,
  }),
  'waitlist-offer': z.object({
    shop: text,
    start: wallClock,
    /** the shop's minutes of the day the offer ends */
    untilMinutes: z.int(),
    link,
  }),
  /** the link to sign a confirmed visit's consent forms (decision 080) */
  'consent-request': z.object({
    firstname: text,
    shop: text,
    number: text,
    /** the visit's first start */
    start: wallClock,
    /** the forms' titles, in the message's language */
    forms: z.array(text),
    link,
  }),
} as const

export type MailKind = keyof typeof mailProps
export type MailProps = { [K in MailKind]: z.infer<(typeof mailProps)[K]> }
export type CalendarProps = z.infer<typeof calendar>

export const MAIL_KINDS = Object.keys(mailProps) as MailKind[]

export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(mailProps, kind)

/** A message's template: what the producer adds to the Message it queues. */
export function mailTemplate<K extends MailKind>(
  kind: K,
  locale: Locale,
  props: MailProps[K],
): NotificationTemplate {
  return { kind, locale, props }
}
