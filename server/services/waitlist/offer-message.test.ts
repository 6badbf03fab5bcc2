import { describe, expect, it } from 'vitest'
import type { CompanyRow } from '#server/db/schema/index.ts'
import { renderMail, SECRET } from '../notifier/index.ts'
import { offerMessages } from './offer-message.ts'
import { waitlistSettingsOf } from './settings.ts'

const company = (booker: Record<string, unknown> = {}): CompanyRow => ({
  id: 7,
  host: 'salon.localhost',
  token: 'salon-token',
  nickname: 'salon',
  data: { identity: { displayName: 'Salon Lumière' }, booker },
  createdAt: new Date(0),
  updatedAt: new Date(0),
})

const facts = {
  to: { email: 'ann@example.com', phone: '+33612345678' },
  locale: 'de',
  shopName: 'Centre',
  start: '2027-04-28T09:00',
  untilMinutes: 8 * 60 + 15,
  token: 'x'.repeat(43),
  sms: false,
}

describe('the waitlist offer message', () => {
  it('an e-mail in the language the customer joined in, the token only as the sealed secret', () => {
    const [mail, ...rest] = offerMessages(company(), facts)
    expect(rest).toEqual([])
    expect(mail).toMatchObject({
      channel: 'email',
      to: 'ann@example.com',
      subject: 'Salon Lumière: Ein Termin ist für Sie frei geworden',
      secret: facts.token,
      companyId: 7,
    })
    expect(mail?.body).toContain(`http://salon.localhost:4321/de/profile/waitlist#${SECRET}`)
    expect(mail?.body).toContain('08:15')
    expect(mail?.body).not.toContain(facts.token)
  })

  it('the e-mail has its template: the link with the token placeholder, the SMS none', async () => {
    const [mail, sms] = offerMessages(company({ waitlist: { sms: true } }), { ...facts, sms: true })
    expect(mail?.template).toEqual({
      kind: 'waitlist-offer',
      locale: 'de',
      props: {
        shop: 'Centre',
        start: '2027-04-28T09:00',
        untilMinutes: 495,
        link: `http://salon.localhost:4321/de/profile/waitlist#${SECRET}`,
      },
    })
    expect(sms?.template).toBeUndefined()
    const rendered = await renderMail(
      mail?.template ?? { kind: '', locale: '', props: {} },
      company(),
    )
    expect(rendered.html).toContain(
      `href="http://salon.localhost:4321/de/profile/waitlist#${SECRET}"`,
    )
    expect(rendered.text).toContain('08:15')
    expect(rendered.html).toMatch(/<html[^>]* lang="de"/)
  })

  it('an SMS too where the company sends them and the customer has a phone', () => {
    const messages = offerMessages(company({ waitlist: { sms: true } }), { ...facts, sms: true })
    expect(messages.map((m) => [m.channel, m.to])).toEqual([
      ['email', 'ann@example.com'],
      ['sms', '+33612345678'],
    ])
    expect(messages[1]?.body).toContain(SECRET)
    const noPhone = { ...facts, sms: true, to: { email: 'ann@example.com', phone: null } }
    expect(offerMessages(company(), noPhone)).toHaveLength(1)
  })

  it('reads the company settings: on, 15 minutes and no SMS by default', () => {
    expect(waitlistSettingsOf(company())).toEqual({ active: true, offerMs: 900_000, sms: false })
    expect(
      waitlistSettingsOf(company({ waitlist: { active: false, offerMinutes: 30, sms: true } })),
    ).toEqual({ active: false, offerMs: 1_800_000, sms: true })
    expect(waitlistSettingsOf(company({ waitlist: { offerMinutes: -1 } }))).toMatchObject({
      offerMs: 900_000,
    })
  })
})
