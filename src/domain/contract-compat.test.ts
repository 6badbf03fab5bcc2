import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Alert } from '../contract/alert'
import type { Article } from '../contract/article'
import type { BookingCart, BookingCartItem, EshopCart, EshopCartItem } from '../contract/cart'
import type { Category } from '../contract/category'
import type { Company } from '../contract/company'
import * as contractDefaults from '../contract/defaults'
import type { Event } from '../contract/event'
import type { OpeningDay } from '../contract/opening-hours'
import type { Shop } from '../contract/shop'
import * as domain from './index'

/**
 * The rules take minimal structural shapes; these checks fail to compile when a contract type
 * stops satisfying them, and fail at run time when a shared constant drifts.
 */
describe('domain shapes accept the contract types (spec §3)', () => {
  it('§3: entity types are assignable to the rule shapes', () => {
    type Booker = Company['booker']
    expectTypeOf<BookingCart>().toExtend<domain.BookingCart<BookingCartItem>>()
    expectTypeOf<EshopCart>().toExtend<domain.EshopCart<EshopCartItem>>()
    expectTypeOf<Shop>().toExtend<domain.SearchableShopLike>()
    expectTypeOf<Shop>().toExtend<domain.LocatedShopLike>()
    expectTypeOf<Shop>().toExtend<domain.SuggestableShopLike>()
    expectTypeOf<Shop>().toExtend<domain.GroupedShopLike>()
    expectTypeOf<NonNullable<Shop['openingHours']['monday']>>().toExtend<domain.OpeningDayLike>()
    expectTypeOf<OpeningDay>().toExtend<domain.OpeningDayLike>()
    expectTypeOf<Article>().toExtend<domain.ListableArticleLike>()
    expectTypeOf<Article>().toExtend<domain.StockedProductLike>()
    expectTypeOf<Alert>().toExtend<domain.AlertLike>()
    expectTypeOf<Event>().toExtend<domain.TimeBoxedLike>()
    expectTypeOf<Category>().toExtend<domain.CategoryArticlesLike>()
    expectTypeOf<Company>().toExtend<domain.EshopCompanyLike>()
    expectTypeOf<Company>().toExtend<domain.GiftCompanyLike>()
    expectTypeOf<Company>().toExtend<domain.ServicePaymentCompanyLike>()
    expectTypeOf<Booker>().toExtend<domain.MoneySettingsLike>()
    expectTypeOf<Booker['payment']>().toExtend<domain.PaymentSettingsLike>()
  })

  it('§9: constants shared with the contract have the same values', () => {
    expect(domain.UNKNOWN_STOCK).toBe(contractDefaults.UNKNOWN_STOCK)
    expect(domain.DEFAULT_CUTTING_HOURS).toBe(contractDefaults.DEFAULT_CUTTING_HOURS)
    expect(domain.FALLBACK_TAB_TITLE).toBe(contractDefaults.FALLBACK_TAB_TITLE)
    expect(domain.DEFAULT_ART_TYPE).toBe(contractDefaults.DEFAULT_ART_TYPE)
    expect(domain.DEFAULT_CURRENCY_FORMAT).toBe(contractDefaults.DEFAULT_CURRENCY_FORMAT)
    expect(domain.UNGROUPED_GROUP).toEqual(contractDefaults.UNGROUPED_SHOP_GROUP)
    expect(domain.DEFAULT_CURRENCY.symbol).toBe(contractDefaults.DEFAULT_CURRENCY.symbol)
    expect(domain.DEFAULT_CURRENCY.code).toBe(contractDefaults.DEFAULT_CURRENCY.code)
    expect(domain.DEFAULT_MONEY_PRECISION).toBe(contractDefaults.DEFAULT_CURRENCY.precision)
  })
})
