import { describe, expect, it } from 'vitest'
import { giftCsvRows, paymentCsvRows } from './list-csv'
import type { GiftSale, ShopPayment } from './list-types'
import { toCsv } from './report-csv'

const eur = (amount: number) => ({ amount, currency: 'EUR' })

describe('the lists as CSV', () => {
  it('writes a recipient that looks like a formula as text', () => {
    const sale = {
      idgift: 'g1',
      shopId: 's1',
      paid: eur(5000),
      refunded: eur(1000),
      createdAt: '2026-11-02T10:00:00.000Z',
      gift: {
        id: 'g1',
        code: 'ABCD-1234',
        to: '=HYPERLINK("http://x")',
        email: 'lea@example.com',
        amount: eur(5000),
        remaining: eur(1250),
        createdAt: '2026-11-02T10:00:00.000Z',
      },
    } as GiftSale
    const text = toCsv(giftCsvRows([sale], () => 'Paris'))
    expect(text).toBe(
      '\uFEFF2026-11-02,ABCD-1234,"\'=HYPERLINK(""http://x"")",lea@example.com,Paris,50.00,27.50,10.00,12.50\r\n',
    )
  })

  it('gives one line per shop and provider', () => {
    const line = { count: 2, total: eur(9000), billed: eur(9500) }
    const shop: ShopPayment = {
      shopId: 's1',
      ...line,
      providers: [
        { provider: 'stripe', ...line },
        { provider: '+cash', count: 0, total: eur(0), billed: eur(0) },
      ],
    }
    expect(paymentCsvRows('Bookings', [shop], (id) => id)).toEqual([
      ['Bookings', 's1', 'stripe', 2, '95.00', '90.00'],
      ['Bookings', 's1', '+cash', 0, '0.00', '0.00'],
    ])
    expect(toCsv(paymentCsvRows('B', [shop], (id) => id))).toContain("'+cash")
  })
})
