import { calendarLinks } from '#domain/booking/calendar-links.ts'
import { wallClockToUtc } from '#domain/booking/ics.ts'
import type { Locale } from '#i18n/locales.ts'
import { localizePath } from '#i18n/paths.ts'
import type { CompanyRow, NotificationTemplate } from '#server/db/schema/index.ts'
import { siteBase } from '#server/kernel/index.ts'
import { SECRET, secretPart } from '../secret-parts.ts'
import { visitUid } from './calendar-file.ts'
import { MAIL_KINDS, type MailKind, type MailProps, mailTemplate } from './kinds.ts'

/**
 * One message of every kind for a company, as its producer would queue it (secret placeholders
 * included): what `npm run mail:preview` shows and the template tests render. The visit is on
 * the last Sunday of March in Paris, the day clocks go forward.
 */
const ZONE = 'Europe/Paris'
const ORDER = 'demo-order-0042'
const CHANGED_AT = '2027-03-01T09:30:00.000Z'

const instant = (local: string) => wallClockToUtc(local, ZONE)?.toISOString() ?? ''

function sampleProps(company: CompanyRow, locale: Locale): MailProps {
  const base = siteBase(company)
  const page = (path: string) => `${base}${localizePath(path, locale)}`
  const shop = 'Maison Lumière Lyon'
  const address = '18 rue Auguste Comte, 69002 Lyon'
  // 89 + 45 − 10 (coupon) − 25 (voucher) = 99 to pay
  const priced = [
    { service: 'Soin éclat lumière', localStart: '2027-03-28T10:00', priceCents: 8900 },
    { service: 'Beauté des mains', localStart: '2027-03-28T11:15', priceCents: 4500 },
  ]
  const lines = priced.map(({ service, localStart }) => ({ service, localStart }))
  const title = `${lines.map((line) => line.service).join(', ')} – ${shop}`
  const links = calendarLinks({
    start: '2027-03-28T10:00',
    end: '2027-03-28T12:00',
    timeZone: ZONE,
    title,
    details: 'R-2027-0042',
    location: `${shop}, ${address}`,
  })
  // the same entry (UID) all along: booked on the day clocks go forward, moved to the day they go back
  const calendar = (file: string, day = '2027-03-28') => ({
    event: {
      uid: visitUid(ORDER, company.host),
      start: instant(`${day}T10:00`),
      end: instant(`${day}T12:00`),
      title,
      location: `${shop}, ${address}`,
      description: 'R-2027-0042',
    },
    changedAt: CHANGED_AT,
    links: {
      file: `${base}/api/calendar/${company.token}/${ORDER}?token=${file}`,
      ...(links ?? {}),
    },
  })
  return {
    code: { code: SECRET, minutes: 10 },
    'password-reset': { link: page(`/profile/password-reset/${SECRET}`), minutes: 60 },
    'booking-confirmation': {
      firstname: 'Camille',
      number: 'R-2027-0042',
      shop,
      address,
      lines: priced,
      couponCents: 1000,
      voucherCents: 2500,
      toPayCents: 9900,
      dueAtShop: false,
      manageLink: `${page('/payments/manage')}#${secretPart('manage')}`,
      calendar: calendar(secretPart('calendar')),
    },
    'booking-rescheduled': {
      number: 'R-2027-0042',
      shop,
      when: '2027-10-31T10:00',
      creditedCents: 0,
      difference: { amountCents: 1500, due: true },
      manageLink: `${page('/payments/manage')}#${SECRET}`,
      calendar: { ...calendar(SECRET, '2027-10-31'), links: undefined },
    },
    'booking-cancelled': {
      number: 'R-2027-0042',
      shop,
      when: '2027-03-28T10:00',
      given: 'refund',
      amountCents: 9900,
      failedCents: 0,
      calendar: { ...calendar(SECRET), links: undefined },
    },
    'shop-booking-changed': {
      shop,
      number: 'R-2027-0042',
      change: 'moved',
      from: '2027-03-28T10:00',
      to: '2027-10-31T10:00',
      failedCents: 0,
      difference: { amountCents: 1500, due: true },
    },
    reminder: {
      firstname: 'Camille',
      number: 'R-2027-0042',
      shop,
      address,
      lines,
      calendar: calendar(SECRET),
    },
    'gift-voucher': {
      recipientName: 'Léa',
      fromName: 'Camille',
      amountCents: 8000,
      code: SECRET,
      validUntil: '2028-03-28',
      message: 'Joyeux anniversaire !',
      siteLink: page('/'),
    },
    'waitlist-offer': {
      shop,
      start: '2027-10-31T14:30',
      untilMinutes: 9 * 60 + 15,
      link: `${page('/profile/waitlist')}#${SECRET}`,
    },
    'consent-request': {
      firstname: 'Camille',
      shop,
      number: 'R-2027-0042',
      start: '2027-03-28T10:00',
      forms: ['Consentement maquillage permanent'],
      link: `${page('/payments/consent')}#${SECRET}`,
    },
  }
}

/** Every kind's sample template in `locale`, in the order of MAIL_KINDS. */
export function sampleTemplates(
  company: CompanyRow,
  locale: Locale,
): { kind: MailKind; template: NotificationTemplate }[] {
  const props = sampleProps(company, locale)
  return MAIL_KINDS.map((kind) => ({ kind, template: mailTemplate(kind, locale, props[kind]) }))
}
