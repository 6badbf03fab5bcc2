import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parsePrice, priceText } from './price-fields'
import {
  offerChanges,
  performerChanges,
  type ServiceFormValues,
  serviceBodyOf,
  serviceFormOf,
  slugOf,
} from './service-form'

const shops = [
  { id: '1', articles: [{ id: 's' }] },
  { id: '2', articles: [] },
]

const values = (over: Partial<ServiceFormValues> = {}): ServiceFormValues => ({
  names: { fr: 'Soin éclat', en: 'Glow facial', de: ' ' },
  descriptions: {},
  duration: '45',
  price: '59,90',
  weekPrice: '',
  published: true,
  onlineBooking: true,
  shops: { '1': { offered: true, price: '' }, '2': { offered: true, price: '64.5' } },
  ...over,
})

describe('prices typed as decimals', () => {
  it('reads both separators into integer minor units and refuses the rest', () => {
    expect(parsePrice('59,90')).toBe(5990)
    expect(parsePrice('45')).toBe(4500)
    expect(parsePrice(' 0.5 ')).toBe(50)
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', '12,3,4']) {
      expect(parsePrice(bad)).toBeUndefined()
    }
  })

  it('gives back every amount the field shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_99 }), (minor) => {
        expect(parsePrice(priceText(minor))).toBe(minor)
      }),
    )
  })
})

describe('serviceBodyOf', () => {
  it('makes a published service with its shop prices in minor units', () => {
    const made = serviceBodyOf(values())
    expect(made).toMatchObject({
      body: {
        name: { fr: 'Soin éclat', en: 'Glow facial' },
        slug: 'soin-eclat',
        type: '1',
        prices: 5990,
        duration: 45,
        draft: false,
        booker: { pricesByShops: [{ boutiqueId: '2', pvTtc: 6450 }] },
      },
    })
    expect('body' in made && made.body.name).not.toHaveProperty('de')
  })

  it('names the first field in error', () => {
    expect(serviceBodyOf(values({ names: { en: 'x' } }))).toEqual({ error: 'name' })
    expect(serviceBodyOf(values({ duration: '0' }))).toEqual({ error: 'duration' })
    expect(serviceBodyOf(values({ price: 'free' }))).toEqual({ error: 'price' })
    const shopsBad = { '1': { offered: true, price: '-3' } }
    expect(serviceBodyOf(values({ shops: shopsBad }))).toEqual({ error: 'shopPrice' })
  })

  it('keeps what the form does not show of an edited service, and its slug', () => {
    const base = serviceFormOf(undefined, shops)
    expect(base.shops).toEqual({
      '1': { offered: false, price: '' },
      '2': { offered: false, price: '' },
    })
    const edited = {
      id: 's',
      slug: 'kept',
      type: '4' as const,
      name: { fr: 'Ancien' },
      description: {},
      prices: 1000,
      draft: true,
      order: 3,
      images: [],
      duration: 30,
      booker: {
        upsellOnly: false,
        upsells: ['u'],
        pricesByShops: [],
        enableStock: false,
        cabinRequired: true,
        equipments: ['e'],
        onlineBooking: true,
      },
    }
    const form = serviceFormOf(edited, shops)
    expect(form).toMatchObject({ price: '10.00', published: false, duration: '30' })
    expect(form.shops['1']?.offered).toBe(true)
    const made = serviceBodyOf({ ...form, names: { fr: 'Nouveau' } }, edited)
    expect(made).toMatchObject({
      body: { slug: 'kept', type: '4', order: 3, booker: { upsells: ['u'], cabinRequired: true } },
    })
  })
})

describe('week price and online booking (decision 092)', () => {
  const record = {
    id: 's',
    slug: 'soin',
    type: '1' as const,
    name: { fr: 'Soin' },
    description: {},
    prices: 7500,
    weekprices: 6800,
    draft: false,
    order: 1,
    images: [],
    duration: 45,
    booker: {
      upsellOnly: false,
      upsells: [],
      pricesByShops: [],
      enableStock: false,
      cabinRequired: false,
      equipments: [],
      onlineBooking: true,
    },
  }

  it('saves an untouched service with both its prices as stored (no week price as list price)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_99 }),
        fc.option(fc.integer({ min: 0, max: 99_999_99 }), { nil: undefined }),
        (prices, weekprices) => {
          const stored = { ...record, prices, weekprices }
          const made = serviceBodyOf(serviceFormOf(stored, shops), stored)
          if (!('body' in made)) throw new Error(`refused: ${made.error}`)
          expect(made.body.prices).toBe(prices)
          expect(made.body.weekprices).toBe(weekprices)
        },
      ),
    )
  })

  it('shows the week price apart and clears it when the field is emptied', () => {
    const form = serviceFormOf(record, shops)
    expect(form).toMatchObject({ price: '75.00', weekPrice: '68.00', onlineBooking: true })
    const made = serviceBodyOf({ ...form, weekPrice: ' ' }, record)
    expect(made).toMatchObject({ body: { prices: 7500 } })
    expect('body' in made && made.body.weekprices).toBeUndefined()
  })

  it('refuses a week price that is not an amount, naming its field', () => {
    for (const bad of ['-1', 'abc', '1.234', '12,3,4']) {
      expect(serviceBodyOf(values({ weekPrice: bad }))).toEqual({ error: 'weekPrice' })
    }
    expect(serviceBodyOf(values({ weekPrice: '49,5' }))).toMatchObject({
      body: { prices: 5990, weekprices: 4950 },
    })
  })

  it('reads a new service as booked online and writes the switch into the booker', () => {
    expect(serviceFormOf(undefined, shops).onlineBooking).toBe(true)
    const off = serviceBodyOf({ ...serviceFormOf(record, shops), onlineBooking: false }, record)
    expect(off).toMatchObject({ body: { booker: { onlineBooking: false } } })
    const read = serviceFormOf(
      { ...record, booker: { ...record.booker, onlineBooking: false } },
      shops,
    )
    expect(read.onlineBooking).toBe(false)
  })
})

describe('offerChanges and slugOf', () => {
  it('links and unlinks only what changed', () => {
    const form = values({
      shops: { '1': { offered: false, price: '' }, '2': { offered: true, price: '' } },
    })
    expect(offerChanges(form, 's', shops)).toEqual({ link: ['2'], unlink: ['1'] })
  })

  it('writes addresses without accents or spaces', () => {
    expect(slugOf("  Soin à l'Eau des Alpes ")).toBe('soin-a-l-eau-des-alpes')
  })
})

describe('performerChanges', () => {
  const team = [
    { id: 'a', services: ['x'] },
    { id: 'b', services: ['s', 'x'] },
    { id: 'c', services: [] },
  ]
  it('adds and removes the service only where the choice changed', () => {
    expect(performerChanges('s', { a: true, b: false, c: false }, team)).toEqual([
      { employee: team[0], services: ['x', 's'] },
      { employee: team[1], services: ['x'] },
    ])
    expect(performerChanges('s', { a: false, b: true }, team)).toEqual([])
  })
})
