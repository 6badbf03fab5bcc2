import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ArticleRecord, articleRecord } from '#contract/article'
import type { EshopCategory } from '#contract/eshop'
import {
  categoryMoves,
  type ProductFormValues,
  parseUnits,
  productBodyOf,
  productFormOf,
  reorderCategories,
} from './product-form'

const values = (over: Partial<ProductFormValues> = {}): ProductFormValues => ({
  names: { fr: 'Sérum éclat', en: 'Glow serum', de: ' ' },
  descriptions: { fr: 'Léger' },
  price: '39,90',
  weekPrice: '',
  onSale: true,
  tracked: true,
  images: ['/storage/a.jpg', ''],
  ...over,
})

const base: ArticleRecord = articleRecord.parse({
  id: '201',
  name: { fr: 'Ancien' },
  slug: 'ancien',
  type: '2',
  prices: 100,
  order: 4,
  images: [{ url: '/storage/a.jpg', src: '/storage/a-800.jpg' }],
  booker: { vat: 20, pricesByShops: [{ boutiqueId: '1', pvTtc: 90 }] },
})

describe('productBodyOf', () => {
  it('makes a product body in minor units, keeping what the form does not show', () => {
    const made = productBodyOf(values(), base)
    expect(made).toEqual({
      body: expect.objectContaining({
        type: '2',
        slug: 'ancien',
        order: 4,
        name: { fr: 'Sérum éclat', en: 'Glow serum' },
        prices: 3990,
        draft: false,
        images: [{ url: '/storage/a.jpg', src: '/storage/a-800.jpg' }],
        booker: expect.objectContaining({ vat: 20, enableStock: true }),
      }),
    })
  })

  it('writes back the stored list and week prices of an untouched product (decision 092)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_99 }),
        fc.option(fc.integer({ min: 0, max: 99_999_99 }), { nil: undefined }),
        (prices, weekprices) => {
          const stored = { ...base, prices, weekprices }
          const made = productBodyOf(productFormOf(stored), stored)
          if (!('body' in made)) throw new Error(`refused: ${made.error}`)
          expect([made.body.prices, made.body.weekprices]).toEqual([prices, weekprices])
        },
      ),
    )
  })

  it('clears the week price when the field is emptied, and names a bad one', () => {
    const stored = { ...base, weekprices: 80 }
    expect(productFormOf(stored).weekPrice).toBe('0.80')
    const made = productBodyOf({ ...productFormOf(stored), weekPrice: '' }, stored)
    expect('body' in made && made.body.weekprices).toBeUndefined()
    expect(productBodyOf(values({ weekPrice: '1,2,3' }))).toEqual({ error: 'weekPrice' })
  })

  it('names the field in error', () => {
    expect(productBodyOf(values({ names: { en: 'x' } }))).toEqual({ error: 'name' })
    expect(productBodyOf(values({ price: '3,999' }))).toEqual({ error: 'price' })
    expect(productBodyOf(values({ images: ['javascript:alert(1)'] }))).toEqual({ error: 'image' })
  })

  it('gives a new product a slug from its French name and no stock limit when untracked', () => {
    const made = productBodyOf(values({ tracked: false, onSale: false }))
    expect(made).toMatchObject({
      body: { slug: 'serum-eclat', draft: true, booker: { enableStock: false } },
    })
  })

  it('round-trips any price through the form in integer minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_99 }), (minor) => {
        const form = productFormOf({ ...base, prices: minor })
        const made = productBodyOf(form, base)
        expect('body' in made && made.body.prices).toBe(minor)
      }),
    )
  })
})

describe('parseUnits', () => {
  it('accepts whole counts below the untracked marker only', () => {
    expect(parseUnits(' 12 ')).toBe(12)
    expect(parseUnits('0')).toBe(0)
    for (const bad of ['-1', '1.5', '', 'douze', '999999']) expect(parseUnits(bad)).toBeUndefined()
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_998 }), (n) => {
        expect(parseUnits(String(n))).toBe(n)
      }),
    )
  })
})

const cat = (id: string, order: number, ids: string[] = []): EshopCategory => ({
  id,
  slug: `c${id}`,
  order,
  name: { fr: id },
  articles: ids.map((a) => ({ id: a, slug: `p${a}` })),
})

describe('categoryMoves', () => {
  const categories = [cat('1', 1, ['201', '202']), cat('2', 2, ['203'])]
  it('takes the product out of its category and adds it at the end of the new one', () => {
    expect(categoryMoves(categories, { id: '201', slug: 'p201' }, '2')).toEqual([
      {
        id: '1',
        body: { slug: 'c1', order: 1, name: { fr: '1' }, articles: [{ id: '202', slug: 'p202' }] },
      },
      {
        id: '2',
        body: {
          slug: 'c2',
          order: 2,
          name: { fr: '2' },
          articles: [
            { id: '203', slug: 'p203' },
            { id: '201', slug: 'p201' },
          ],
        },
      },
    ])
  })
  it('writes nothing when the product stays where it is', () => {
    expect(categoryMoves(categories, { id: '203', slug: 'p203' }, '2')).toEqual([])
    expect(categoryMoves(categories, { id: '999', slug: 'new' }, '')).toEqual([])
  })
})

describe('reorderCategories', () => {
  it('swaps neighbours and renumbers only what changed', () => {
    const list = [cat('a', 1), cat('b', 2), cat('c', 3)]
    expect(reorderCategories(list, 'c', -1).map((m) => [m.id, m.body.order])).toEqual([
      ['c', 2],
      ['b', 3],
    ])
    expect(reorderCategories(list, 'a', -1)).toEqual([])
    expect(reorderCategories(list, 'c', 1)).toEqual([])
  })
  it('keeps every category once, whatever the orders were', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.constantFrom<-1 | 1>(-1, 1),
        (orders, pick, step) => {
          const list = orders.map((o, i) => cat(String(i), o))
          const id = String(pick % list.length)
          const changed = new Map(
            reorderCategories(list, id, step).map((m) => [m.id, m.body.order]),
          )
          const after = list.map((c) => changed.get(c.id) ?? c.order)
          if (changed.size > 0) expect(new Set(after).size).toBe(list.length)
        },
      ),
    )
  })
})
