import { describe, expect, it } from 'vitest'
import type { CompanyRow, GiftRow } from '#server/db/schema/index.ts'
import { renderMail, SECRET } from '../notifier/index.ts'
import { giftMessage } from './message.ts'

/** The voucher e-mail's template (decision 056): the code only as its placeholder, as in the text. */
const company: CompanyRow = {
  id: 6,
  host: 'salon.localhost',
  token: 'salon-token',
  nickname: 'salon',
  data: { identity: { displayName: 'Salon Lumière' } },
  createdAt: new Date(0),
  updatedAt: new Date(0),
}

const gift: GiftRow = {
  id: 'g1',
  companyId: 6,
  code: 'ABCD2345EFGH',
  status: 'active',
  themeId: null,
  amountCents: 100_000,
  remainingCents: 100_000,
  currency: 'EUR',
  recipientName: 'Léa',
  recipientEmail: 'lea@example.com',
  fromName: 'Camille',
  message: 'Bon anniversaire !',
  purchaserCustomerId: null,
  purchaserEmail: null,
  shopId: null,
  serviceId: null,
  cartId: null,
  validUntil: '2028-03-28',
  createdAt: new Date(0),
  updatedAt: new Date(0),
}

describe('the gift voucher e-mail as a template', () => {
  it('says the amount, the validity and the message, the code where the text has it', async () => {
    const message = giftMessage(gift, company, 'fr')
    expect(message.template).toEqual({
      kind: 'gift-voucher',
      locale: 'fr',
      props: {
        recipientName: 'Léa',
        fromName: 'Camille',
        amountCents: 100_000,
        code: SECRET,
        validUntil: '2028-03-28',
        message: 'Bon anniversaire !',
        siteLink: 'http://salon.localhost:4321/',
      },
    })
    // the code itself is the sealed secret only: never in the template
    expect(JSON.stringify(message.template)).not.toContain('ABCD')
    const mail = await renderMail(message.template ?? { kind: '', locale: '', props: {} }, company)
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(SECRET)
      expect(part).toContain('1\u202f000,00\u00a0€')
      expect(part).toContain('28 mars 2028')
      expect(part).toContain('Bon anniversaire !')
    }
    expect(mail.attachments).toEqual([])
  })
})
