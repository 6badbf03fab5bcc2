import {
  type BookingSlot,
  lineIdOf,
  localDateTimeOf,
  overlapsCart,
  visitFull,
} from '#domain/booking/booking-line'
import type { EntityId } from '#domain/ids'
import type { BookingItem } from '#stores/booking-cart'
import type { ChosenSlot } from './SlotPicker'
import type { BookingIslandProps, OfferingShop } from './types'

/**
 * The state of a service's booking step (docs/architecture.md "Islands"): the
 * shop, the shop choice dialog, the picked slot and the notice after "add to cart". Pure: the
 * booking cart store and the page's need announcement are injected.
 */
export type BookingNotice =
  | { kind: 'added'; slot: ChosenSlot }
  | { kind: 'refused' }
  | { kind: 'overlap' }
  | { kind: 'visitFull' }
  | null

export interface BookingIslandState {
  shop: OfferingShop | null
  dialog: boolean
  /** the shop came from the dialog: the slot picker takes the focus when it opens */
  chosenInDialog: boolean
  selected: ChosenSlot | null
  notice: BookingNotice
}

export const initialBookingIsland: BookingIslandState = {
  shop: null,
  dialog: false,
  chosenInDialog: false,
  selected: null,
  notice: null,
}

export type BookingIslandEvent =
  | { type: 'started'; first: OfferingShop | 'dialog' | null }
  | { type: 'dialogOpened' }
  | { type: 'dialogCancelled' }
  | { type: 'shopChosen'; shop: OfferingShop }
  | { type: 'slotSelected'; slot: ChosenSlot | null }
  | { type: 'noticed'; notice: BookingNotice }

export function bookingIslandReducer(
  state: BookingIslandState,
  event: BookingIslandEvent,
): BookingIslandState {
  switch (event.type) {
    case 'started':
      if (event.first === null) return state
      return event.first === 'dialog' ? { ...state, dialog: true } : { ...state, shop: event.first }
    case 'dialogOpened':
      return { ...state, dialog: true }
    case 'dialogCancelled':
      return { ...state, dialog: false }
    case 'shopChosen':
      return { dialog: false, chosenInDialog: true, shop: event.shop, selected: null, notice: null }
    case 'slotSelected':
      return { ...state, selected: event.slot, notice: null }
    case 'noticed':
      return {
        ...state,
        notice: event.notice,
        selected: event.notice?.kind === 'added' ? null : state.selected,
      }
  }
}

/**
 * The first shop: the fixed one (a shop page), else the cart's, else the only bookable one; else
 * the dialog when several can be chosen from.
 */
export function firstShop(
  bookable: readonly OfferingShop[],
  fixedShopId: string | undefined,
  cartShopId: EntityId | null,
): OfferingShop | 'dialog' | null {
  const byId = (id: string | null | undefined) =>
    id ? bookable.find((shop) => shop.id === String(id)) : undefined
  const first =
    byId(fixedShopId) ??
    (fixedShopId ? undefined : byId(cartShopId === null ? null : String(cartShopId))) ??
    (bookable.length === 1 ? bookable[0] : undefined)
  if (first) return first
  return !fixedShopId && bookable.length > 1 ? 'dialog' : null
}

export type BookedService = Pick<
  BookingIslandProps,
  'serviceId' | 'serviceName' | 'serviceNames' | 'artType' | 'image'
>

export interface AddEffects {
  /** the booking cart's add: false when the cart holds another shop's services (docs/product/4-states.md) */
  add(item: BookingItem): boolean
  /** the booking cart island is needed now (src/islands/loading/needs.ts) */
  announce(): void
}

/**
 * Adds the picked slot to the booking cart: refused when the cart holds a visit's worth that day
 * (docs/decisions/062-visit-bound-and-list-params.md), when it overlaps a slot of the cart or the
 * cart is another shop's (docs/product/4-states.md); the notice says which.
 */
export function addToCart(
  input: {
    service: BookedService
    shop: OfferingShop
    selected: ChosenSlot
    cartSlots: readonly BookingSlot[]
  },
  effects: AddEffects,
): NonNullable<BookingNotice> {
  const { service, shop, selected } = input
  const start = localDateTimeOf(selected.date, selected.start)
  const slot: BookingSlot = {
    serviceId: service.serviceId,
    start,
    end: localDateTimeOf(selected.date, selected.end),
    employeeId: selected.employeeId,
    employeeName: selected.employeeName,
    shopName: shop.name,
    timeZone: shop.timeZone,
  }
  if (visitFull(selected.date, input.cartSlots)) return { kind: 'visitFull' }
  if (overlapsCart(slot, input.cartSlots)) return { kind: 'overlap' }
  const added = effects.add({
    id: lineIdOf(service.serviceId, start),
    shopId: shop.id,
    prices: shop.price,
    artType: service.artType,
    name: service.serviceName,
    ...(service.serviceNames ? { names: service.serviceNames } : {}),
    image: service.image ?? null,
    ...slot,
  })
  if (!added) return { kind: 'refused' }
  effects.announce()
  return { kind: 'added', slot: selected }
}
