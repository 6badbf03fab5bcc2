import { describe, expect, test } from 'vitest'
import { appointmentsPeriodQuery } from './calls/appointments'
import { bookingHistoryQuery } from './calls/booking-admin'
import { pageQuery, queryRecord } from './query'

const fromUrl = (search: string) => queryRecord(new URLSearchParams(search))

describe('query schemas', () => {
  test('docs/product/7-calls.md: the appointments period query parses URL strings into typed values', () => {
    const q = appointmentsPeriodQuery.parse(
      fromUrl(
        'shopId=1&servicesId=101,102&start=2026-12-01&end=2026-12-07&mode=2&checkGiftLimit=1&equipment=0&_timestamp=1',
      ),
    )
    expect(q).toEqual({
      shopId: '1',
      servicesId: ['101', '102'],
      start: '2026-12-01',
      end: '2026-12-07',
      mode: '2',
      checkGiftLimit: true,
      equipment: false,
    })
  })

  test("docs/product/7-calls.md, docs/product/9-constants.md: mode defaults to '1', flags to off", () => {
    const q = appointmentsPeriodQuery.parse(
      fromUrl('shopId=1&servicesId=101&start=2026-12-01&end=2026-12-01'),
    )
    expect(q.mode).toBe('1')
    expect(q.checkGiftLimit).toBe(false)
    expect(q.equipment).toBe(false)
  })

  test('docs/product/5-rules.md: shop, services, start and end are required ("param manquants")', () => {
    expect(appointmentsPeriodQuery.safeParse(fromUrl('shopId=1&servicesId=101')).success).toBe(
      false,
    )
    expect(
      appointmentsPeriodQuery.safeParse(
        fromUrl('shopId=1&servicesId=&start=2026-12-01&end=2026-12-02'),
      ).success,
    ).toBe(false)
  })

  test('docs/product/7-calls.md: bad values are refused (mode 3, flag 2, end before start)', () => {
    const base = 'shopId=1&servicesId=101&start=2026-12-02&end=2026-12-03'
    expect(appointmentsPeriodQuery.safeParse(fromUrl(`${base}&mode=3`)).success).toBe(false)
    expect(appointmentsPeriodQuery.safeParse(fromUrl(`${base}&equipment=2`)).success).toBe(false)
    const reversed = 'shopId=1&servicesId=101&start=2026-12-03&end=2026-12-02'
    expect(appointmentsPeriodQuery.safeParse(fromUrl(reversed)).success).toBe(false)
  })

  test('docs/product/7-calls.md: page queries read numbers and default to page 1', () => {
    expect(pageQuery.parse(fromUrl('page=3&itemPerPage=10'))).toEqual({ page: 3, itemPerPage: 10 })
    expect(pageQuery.parse({})).toEqual({ page: 1, itemPerPage: 20 })
    expect(pageQuery.safeParse(fromUrl('page=0')).success).toBe(false)
    expect(pageQuery.safeParse(fromUrl('itemPerPage=1000')).success).toBe(false)
  })

  test('docs/product/7-calls.md: booking history filters parse, shops comma-separated', () => {
    const q = bookingHistoryQuery.parse(fromUrl('page=2&sortDesc=false&shops=1,2&mail=a@b.c'))
    expect(q).toMatchObject({ page: 2, sortDesc: false, shops: ['1', '2'], mail: 'a@b.c' })
  })
})
