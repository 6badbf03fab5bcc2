import { describe, expectTypeOf, it } from 'vitest'
import type { Alert } from '#contract/alert'
import type { Article } from '#contract/article'
import type { BookingCart, BookingCartItem, EshopCart, EshopCartItem } from '#contract/cart'
import type { Category } from '#contract/category'
import type { Company } from '#contract/company'
import type { Event } from '#contract/event'
import type { OpeningDay } from '#contract/opening-hours'
import type { Shop } from '#contract/shop'
import type * as domain from './index'

/**
 * The rules take minimal structural shapes; these checks fail to compile when a contract type
 * stops satisfying them, and fail at run time when a shared constant drifts.
 */
describe('domain shapes accept the contract types (docs/product/3-entities.md)', () => {
  it('entity types are assignable to the rule shapes', () => {
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
})
