import { beforeAll, describe, expect, it } from 'vitest'
import { wallClockToUtc } from '#domain/booking/ics.ts'
import type { CompanyRow } from '#server/db/schema/index.ts'
import type { VisitFacts } from '../booking/index.ts'
import {
  type BookingMailFacts,
  bookingMessage,
  calendarMailLines,
  calendarToken,
  setCalendarKey,
  setManageLinkKey,
  visitCalendarProps,
} from '../booking/index.ts'
import type { Message } from '../notifier/index.ts'
import { renderMail, secretPart } from '../notifier/index.ts'
import { reminderMail } from './reminders.ts'

/**
 * The booking e-mails' templates (decision 056) say what their text says: the same amounts, the
 * same secrets' placeholders in the same links, and the visit as a calendar attachment.
 */
const company: CompanyRow = {
  id: 5,
  host: 'salon.localhost',
  token: 'salon-token',
  nickname: 'salon',
  data: { identity: { displayName: 'Salon Lumière' } },
  createdAt: new Date(0),
  updatedAt: new Date(0),
}

beforeAll(() => {
  // createApp sets them from NOTIFICATION_KEY; any key signs here
  setCalendarKey(Buffer.alloc(32, 1))
  setManageLinkKey(Buffer.alloc(32, 2))
})

const PLACEHOLDER = /\{\{secret(?::\w+)?\}\}/g
const placeholders = (text: string) => [...new Set(text.match(PLACEHOLDER) ?? [])].sort()

/** The template's placeholders are the text's, and survive rendering in both parts. */
async function rendersLikeItsText(message: Message) {
  const { template } = message
  if (!template) throw new Error('no template')
  const expected = placeholders(`${message.subject ?? ''}${message.body}`)
  expect(placeholders(JSON.stringify(template.props))).toEqual(expected)
  const mail = await renderMail(template, company)
  expect(placeholders(mail.html)).toEqual(expected)
  expect(placeholders(mail.text)).toEqual(expected)
  return mail
}

const at = (local: string) => wallClockToUtc(local, 'Europe/Paris') ?? new Date(Number.NaN)

const visit: VisitFacts = {
  orderId: 'order-1',
  ideorder: 'R-1',
  customerId: 'c1',
  email: 'ann@example.com',
  phone: null,
  firstname: 'Ann',
  locale: 'en',
  shopName: 'Centre',
  shopAddress: '75001 Paris',
  lines: [
    {
      id: 'a1',
      service: 'Cut',
      localStart: '2027-03-28T10:00',
      localEnd: '2027-03-28T11:00',
      timeZone: 'Europe/Paris',
      startsAt: at('2027-03-28T10:00'),
      endsAt: at('2027-03-28T11:00'),
    },
  ],
}

describe('the booking e-mails as templates', () => {
  it('the confirmation: lines, coupon, voucher and total, the manage and calendar links, invite.ics', async () => {
    const facts: BookingMailFacts = {
      to: 'ann@example.com',
      firstname: 'Ann',
      ideorder: 'R-1',
      shopName: 'Centre',
      shopAddress: '75001 Paris',
      lines: [{ name: 'Cut', localStart: '2027-03-28T10:00', priceCents: 4200 }],
      couponCents: 500,
      voucherCents: 1000,
      toPayCents: 2700,
      dueAtShop: true,
      orderId: 'order-1',
      visitStart: at('2027-03-28T10:00'),
    }
    const calendar = {
      lines: calendarMailLines(company, visit, 'en'),
      token: calendarToken(company.id, 'order-1', at('2027-03-28T11:00')),
      props: visitCalendarProps(company, visit, new Date('2027-03-01T00:00:00Z'), {
        filePlaceholder: secretPart('calendar'),
      }),
    }
    const message = bookingMessage(company, facts, 'en', calendar)
    expect(message.template).toMatchObject({ kind: 'booking-confirmation', locale: 'en' })
    const mail = await rendersLikeItsText(message)
    expect(placeholders(message.body)).toEqual(['{{secret:calendar}}', '{{secret:manage}}'])
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
    for (const amount of ['42.00 €', '5.00 €', '10.00 €', '27.00 €']) {
      expect(plain(message.body)).toContain(amount)
      expect(plain(mail.text)).toContain(amount)
    }
    expect(mail.text).toContain('To pay at the shop')
    expect(mail.attachments.map((a) => [a.filename, a.method])).toEqual([['invite.ics', 'PUBLISH']])
    expect(mail.attachments[0]?.content).toContain('DTSTART:20270328T080000Z\r\n')
  })

  it('the reminder: the visit, the calendar file link with its token placeholder, invite.ics', async () => {
    const message = reminderMail(company, visit, new Date('2027-03-27T09:00:00Z'))
    expect(message.template).toMatchObject({ kind: 'reminder', locale: 'en' })
    const mail = await rendersLikeItsText(message)
    expect(placeholders(message.body)).toEqual(['{{secret}}'])
    expect(mail.text).toContain('Sunday, 28 March 2027 at 10:00')
    expect(mail.attachments[0]?.content).toContain('UID:order-1@salon.localhost\r\n')
  })
})
