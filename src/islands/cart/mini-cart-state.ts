import {
  type BookingCartItemLike,
  bookingCartCount,
  bookingCartTotal,
} from '#domain/cart/booking-cart'
import { eshopCartCount, eshopCartTotal, eshopLineTotal } from '#domain/cart/eshop-cart'
import { lineName } from '#domain/cart/line-name'
import type { EntityId } from '#domain/ids'
import type { BookingCartValue } from '#stores/booking-cart'
import type { EshopCartValue } from '#stores/eshop-cart'

/**
 * What the header's cart button and mini cart show (docs/product/2-screens.md "Header", "Mini cart"): both carts
 * at once, the booking lines (local storage) then the e-shop lines (cookie), one count and one
 * total incl. tax. The button shows only when one of them has items. Names are the page's
 * language's (src/domain/cart/line-name.ts).
 */
export type MiniCartLine =
  | (MiniCartLineView & { kind: 'booking'; item: BookingCartItemLike })
  | (MiniCartLineView & { kind: 'eshop'; id: EntityId })

interface MiniCartLineView {
  /** unique across both carts: a service and a product may share an id */
  key: string
  name: string
  image: string | null
  quantity: number
  /** line price incl. tax, minor units */
  total: number
}

export interface MiniCart {
  lines: MiniCartLine[]
  count: number
  total: number
}

/**
 * Both carts as the header shows them. `shopOn` false (the e-shop closed, e.g. products.active
 * off: docs/decisions/063-last-partial-rows-of-the-api.md) leaves out the e-shop lines a cookie
 * kept from before: they could not be ordered.
 */
export function miniCart(
  booking: BookingCartValue,
  stored: EshopCartValue,
  locale: string,
  shopOn = true,
): MiniCart {
  const eshop: EshopCartValue = shopOn ? stored : { ...stored, items: [] }
  const bookingLines: MiniCartLine[] = booking.items.map((line) => ({
    kind: 'booking',
    key: `booking:${line.artType ?? ''}:${line.id}`,
    item: { id: line.id, shopId: line.shopId, prices: line.prices, artType: line.artType },
    name: lineName(line, locale),
    image: line.image || null,
    quantity: line.nb,
    total: line.prices * line.nb,
  }))
  const eshopLines: MiniCartLine[] = eshop.items.map((line) => ({
    kind: 'eshop',
    key: `eshop:${line.id}`,
    id: line.id,
    name: lineName(line, locale),
    image: line.image || null,
    quantity: line.quantity,
    total: eshopLineTotal(line),
  }))
  return {
    lines: [...bookingLines, ...eshopLines],
    count: bookingCartCount(booking) + eshopCartCount(eshop),
    total: bookingCartTotal(booking) + eshopCartTotal(eshop),
  }
}

/** An emptied cart keeps its open panel (to say so) until closed; otherwise nothing to show. */
export function cartButtonShown(count: number, open: boolean): boolean {
  return count > 0 || open
}

/** Removing a line from the mini cart removes the whole line from its own cart. */
export function removeMiniCartLine(
  line: MiniCartLine,
  carts: {
    booking: { remove(item: BookingCartItemLike, count?: number): void }
    eshop: { remove(id: EntityId): void }
  },
): void {
  if (line.kind === 'booking') carts.booking.remove(line.item, -1)
  else carts.eshop.remove(line.id)
}
