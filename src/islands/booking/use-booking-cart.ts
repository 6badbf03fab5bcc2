import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react'
import type { HeldCart } from '#contract/held-cart'
import type { BookingSlot } from '#domain/booking/booking-line'
import { linesInLocale } from '#domain/cart/line-name'
import { bookingLinesAtShop } from '#domain/catalog/shop-prices'
import { paymentDisabledReason } from '#domain/company/payment-enabled'
import { type AppliedCoupon, appliedFrom } from '#domain/coupon/coupon-field'
import { errorMessage } from '#i18n/error-messages'
import type { AppTranslator } from '#i18n/messages'
import { readBookingCart } from '#stores/booking-cart'
import { bookingCart, session } from '#stores/browser'
import { browserStorage } from '#stores/cookie-jar'
import type { PaymentInitializeOptions } from '../payment/payment-step-props'
import { islandApi } from '../shared/island-api'
import {
  bookingCartReducer,
  type CartLine,
  cartLines,
  couponLinesKey,
  initialBookingCartState,
  isGiftRefusal,
  pendingConfirmation,
  refusedSlotIndex,
  sameCart,
} from './booking-cart-state'
import { markConfirmed, savePendingConfirmation } from './confirmation'
import { dateLabel, timeLabel } from './dates'
import { holdSlots, releaseSlot, useServerCart } from './server-cart'
import type { BookingCartIslandProps } from './types'

/**
 * The booking cart's effects (docs/product/4-states.md#booking-cart): the stores, the holds, the
 * coupon and initialize calls, focus. State in booking-cart-state.ts.
 */
export function useBookingCart(props: BookingCartIslandProps, t: AppTranslator) {
  const cart = useStore(bookingCart.$cart)
  const total = useStore(bookingCart.$total)
  const auth = useStore(session.$session)
  const [state, dispatch] = useReducer(bookingCartReducer, initialBookingCartState)
  const { stage, error, giftCode } = state
  const errorRef = useRef<HTMLParagraphElement>(null)
  const paymentRef = useRef<HTMLDivElement>(null)

  // docs/product/4-states.md Payment flow: the previous cart is reloaded about 100 ms after start
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const stored = readBookingCart(browserStorage())
      if (sameCart(stored, bookingCart.$cart.get())) return
      bookingCart.clear()
      for (const line of stored.items) bookingCart.add(line, line.nb)
    }, 100)
    return () => window.clearTimeout(timer)
  }, [])

  // docs/decisions/073-one-cart.md: the server's cart, read again by its id on arrival
  const signedIn = Boolean(auth.customerToken)
  useServerCart(signedIn, dispatch)

  // decision 024: a payment the company cannot take (no key, no PayPal client id) is not offered;
  // the reason goes to the browser console for whoever sets the site up
  const { provider, publicKey, servicePayment } = props
  useEffect(() => {
    const reason = servicePayment ? paymentDisabledReason({ provider, keys: { publicKey } }) : null
    if (reason) console.warn(`payment not offered: ${reason}`)
  }, [provider, publicKey, servicePayment])

  // a line stored at another price (an older page) is shown and totalled at its shop's price,
  // until the server answers its cart: then its prices are the server's
  const known = state.server !== null
  useEffect(() => {
    const priced = bookingLinesAtShop(cart.items, props.servicePrices)
    if (priced === cart.items || stage !== 'cart' || known) return
    bookingCart.clear()
    for (const line of priced) bookingCart.add(line, line.nb)
  }, [cart.items, props.servicePrices, stage, known])

  useEffect(() => {
    if (error) errorRef.current?.focus()
  }, [error])

  useEffect(() => {
    if (stage === 'payment') paymentRef.current?.querySelector<HTMLElement>('h2')?.focus()
  }, [stage])

  // each line named in the page's language (src/domain/cart/line-name.ts)
  const lines: CartLine[] = useMemo(
    () => cartLines(linesInLocale(cart.items, t.locale)),
    [cart.items, t.locale],
  )
  const shopId = cart.shopId === null ? (lines[0]?.raw.shopId ?? null) : cart.shopId
  const shop = String(shopId)
  const couponLines = couponLinesKey(lines)
  const setCoupon = useCallback(
    (coupon: AppliedCoupon | null) => dispatch({ type: 'coupon', coupon }),
    [],
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the lines change
  useEffect(() => setCoupon(null), [couponLines])

  const when = (slot: BookingSlot) =>
    t.t('booking.slotWhen', {
      date: dateLabel(slot.start.slice(0, 10), t.locale),
      time: timeLabel(slot.start.slice(11), t.locale),
    })
  const confirmation = (server: HeldCart) =>
    pendingConfirmation(server.cartId, server.order.ideorder, shop, lines, props.locations)
  const finish = (cartId: string, orderId: string | null) => {
    dispatch({ type: 'done' })
    markConfirmed(cartId, orderId)
    bookingCart.clear()
    location.assign(props.successHref)
  }

  const remove = async (line: CartLine) => {
    bookingCart.remove(line.raw, -1)
    dispatch({ type: 'removed' })
    if (!state.server || !signedIn) return
    try {
      const next = await releaseSlot(state.server, shop, line.slot)
      if (next === null) dispatch({ type: 'forgotten' })
      else if (next) dispatch({ type: 'restored', cart: next })
    } catch {
      // left to the server's hold expiry
    }
  }

  // every slot of the visit held in one call, which answers the whole cart
  const proceed = async () => {
    dispatch({ type: 'holding' })
    const slots = lines.map((line) => line.slot)
    let server: HeldCart
    try {
      server = await holdSlots(shop, slots)
    } catch (failure) {
      // the server names the slot it refused; a failure naming none is told about the first
      const slot = slots[refusedSlotIndex(failure) ?? 0] ?? slots[0]
      const service = lines.find((line) => line.slot === slot)?.name ?? ''
      // a slot taken, or a hold limit of decision 017 reached: the error vocabulary's words
      dispatch({
        type: 'refused',
        message: errorMessage(failure, t, 'hold', slot ? { when: when(slot), service } : {}),
      })
      return
    }
    if (!props.servicePayment) {
      // bookings are confirmed at once when service payment is off (server README)
      savePendingConfirmation(confirmation(server))
      finish('', null)
      return
    }
    dispatch({ type: 'held', cart: server })
  }

  const applyCoupon = async (code: string) =>
    appliedFrom(
      await islandApi.content.couponsApply({
        body: {
          code,
          shopId: shop,
          lines: lines.map((line) => ({ articleId: line.slot.serviceId, quantity: 1 })),
        },
      }),
      code,
      t.locale,
    )

  // the server pays the cart it holds: the page names it by its id, and the voucher typed
  const initialize = async (options?: PaymentInitializeOptions) => {
    const server = state.server
    try {
      const answer = await islandApi.payment.initialize({
        body: {
          purpose: 'booking',
          shopId: shop,
          ...(server ? { cartId: server.cartId } : {}),
          ...(giftCode.trim() ? { giftCode: giftCode.trim() } : {}),
          ...(options?.couponCode ? { couponCode: options.couponCode } : {}),
        },
      })
      if (server) savePendingConfirmation(confirmation(server))
      return answer
    } catch (failure) {
      if (isGiftRefusal(failure)) dispatch({ type: 'refused', message: errorMessage(failure, t) })
      throw failure
    }
  }

  return {
    state,
    dispatch,
    lines,
    shopId,
    total,
    couponLines,
    signedIn,
    errorRef,
    paymentRef,
    when,
    setCoupon,
    remove,
    proceed,
    applyCoupon,
    initialize,
    finish,
  }
}
