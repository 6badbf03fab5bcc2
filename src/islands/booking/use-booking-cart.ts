import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react'
import type { BookingSlot } from '#domain/booking/booking-line'
import { parseHoldRecord } from '#domain/booking/holds'
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
  appointmentRequestOf,
  bookingCartReducer,
  type CartLine,
  cartLines,
  couponLinesKey,
  type HoldDeps,
  holdSlots,
  initialBookingCartState,
  isGiftRefusal,
  pendingConfirmation,
  releaseHold,
  sameCart,
} from './booking-cart-state'
import { HOLDS_KEY, markConfirmed, savePendingConfirmation } from './confirmation'
import { dateLabel, timeLabel } from './dates'
import type { BookingCartIslandProps } from './types'

/** The holds in session storage and the appointments API (booking-cart-state.ts HoldDeps). */
const holdDeps: HoldDeps = {
  readHolds: () => {
    try {
      return parseHoldRecord(sessionStorage.getItem(HOLDS_KEY))
    } catch {
      return null
    }
  },
  writeHolds: (record) => sessionStorage.setItem(HOLDS_KEY, JSON.stringify(record)),
  hold: (body) => islandApi.appointments.create({ body }),
  release: (appointmentId) => islandApi.appointments.remove({ query: { appointmentId } }),
  now: () => Date.now(),
}

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

  // decision 024: a payment the company cannot take (no key, no PayPal client id) is not offered;
  // the reason goes to the browser console for whoever sets the site up
  const { provider, publicKey, servicePayment } = props
  useEffect(() => {
    const reason = servicePayment ? paymentDisabledReason({ provider, keys: { publicKey } }) : null
    if (reason) console.warn(`payment not offered: ${reason}`)
  }, [provider, publicKey, servicePayment])

  // a line stored at another price (an older page) is shown and totalled at its shop's price
  useEffect(() => {
    const priced = bookingLinesAtShop(cart.items, props.servicePrices)
    if (priced === cart.items || stage !== 'cart') return
    bookingCart.clear()
    for (const line of priced) bookingCart.add(line, line.nb)
  }, [cart.items, props.servicePrices, stage])

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
  const confirmation = (cartId: string) =>
    pendingConfirmation(
      cartId,
      holdDeps.readHolds()?.ideorder ?? null,
      shop,
      lines,
      props.locations,
    )
  const finish = (cartId: string, orderId: string | null) => {
    dispatch({ type: 'done' })
    markConfirmed(cartId, orderId)
    bookingCart.clear()
    location.assign(props.successHref)
  }

  const remove = async (line: CartLine) => {
    bookingCart.remove(line.raw, -1)
    await releaseHold(holdDeps, line.slot)
    dispatch({ type: 'removed' })
  }

  const proceed = async () => {
    dispatch({ type: 'holding' })
    const slots = lines.map((line) => line.slot)
    const result = await holdSlots(holdDeps, shop, slots, (slot) =>
      appointmentRequestOf(shop, slot, giftCode, false),
    )
    if (!result.ok) {
      const { slot, failure } = result
      const service = lines.find((line) => line.slot === slot)?.name ?? ''
      // a slot taken, or a hold limit of decision 017 reached: the error vocabulary's words
      dispatch({
        type: 'refused',
        message: errorMessage(failure, t, 'hold', { when: when(slot), service }),
      })
      return
    }
    if (!props.servicePayment) {
      // bookings are confirmed at once when service payment is off (server README)
      savePendingConfirmation(confirmation(''))
      finish('', null)
      return
    }
    const requests = slots.map((slot, index) =>
      appointmentRequestOf(shop, slot, giftCode, index === 0),
    )
    dispatch({ type: 'held', requests })
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

  const initialize = async (options?: PaymentInitializeOptions) => {
    try {
      const answer = await islandApi.payment.initialize({
        body: {
          purpose: 'booking',
          shopId: shop,
          appointments: state.requests,
          ...(options?.couponCode ? { couponCode: options.couponCode } : {}),
        },
      })
      savePendingConfirmation(confirmation(answer.cartId))
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
    signedIn: Boolean(auth.customerToken),
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
