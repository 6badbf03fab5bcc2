import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react'
import { type BookingSlot, slotOf, takenOn } from '#domain/booking/booking-line'
import { formatMoney } from '#domain/money/format-money'
import type { AppTranslator } from '#i18n/messages'
import { bookingCart } from '#stores/browser'
import { announceNeed } from '../loading/needs'
import { useMounted } from '../shared/use-mounted'
import { useTranslator } from '../shared/use-translator'
import {
  addToCart,
  type BookingNotice,
  bookingIslandReducer,
  firstShop,
  initialBookingIsland,
} from './booking-island-state'
import { dateLabel, timeLabel } from './dates'
import { ShopChoiceDialog } from './ShopChoiceDialog'
import { SlotPicker } from './SlotPicker'
import type { BookingIslandProps } from './types'

/**
 * The booking step of a service detail (docs/product/4-states.md#booking-cart), mounted when the
 * address says ?page=reserved (client:when-needed="reserve"): the shop (fixed on a shop page, the
 * cart's shop, the only bookable one, or the shop choice dialog), the slot picker, and the add to
 * the booking cart, which refuses a service of another shop (docs/product/4-states.md) with an
 * explanation. The state and its rules: ./booking-island-state.ts.
 */
function BookingIsland(props: BookingIslandProps) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const cart = useStore(bookingCart.$cart)
  const bookable = useMemo(() => props.shops.filter((shop) => shop.active), [props.shops])
  const [state, dispatch] = useReducer(bookingIslandReducer, initialBookingIsland)
  const { shop, dialog, selected, notice } = state

  const slots: BookingSlot[] = useMemo(
    () => cart.items.flatMap((line) => slotOf(line) ?? []),
    [cart.items],
  )

  // the first shop: fixed, the cart's, the only bookable one, else the dialog
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once on mount
  useEffect(() => {
    if (!mounted) return
    dispatch({ type: 'started', first: firstShop(bookable, props.fixedShopId, cart.shopId) })
  }, [mounted])

  const takenOnDate = useCallback((date: string) => takenOn(date, shop ? slots : []), [slots, shop])

  if (!mounted) return null

  const price = (amount: number) => formatMoney(amount, t.locale, props.money)
  const add = () => {
    if (!shop || !selected) return
    const added = addToCart(
      { service: props, shop, selected, cartSlots: slots },
      { add: (item) => bookingCart.add(item), announce: () => announceNeed('booking-cart') },
    )
    dispatch({ type: 'noticed', notice: added })
  }
  const canChange = !props.fixedShopId && bookable.length > 1

  return (
    <section className="booking" aria-labelledby="booking-title" data-mounted="">
      <h2 id="booking-title">{t.t('booking.title')}</h2>
      {bookable.length === 0 && <p>{t.t('booking.onlineUnavailable')}</p>}
      {shop && (
        <p className="booking__shop">
          <span>{t.t('booking.shopLabel', { name: shop.name })}</span>{' '}
          <span className="booking__price" data-price={shop.price}>
            {price(shop.price)}
          </span>
          {canChange && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dispatch({ type: 'dialogOpened' })}
            >
              {t.t('booking.changeShop')}
            </button>
          )}
        </p>
      )}
      {!shop && !dialog && bookable.length > 1 && (
        <button type="button" className="button" onClick={() => dispatch({ type: 'dialogOpened' })}>
          {t.t('booking.chooseShop')}
        </button>
      )}
      {dialog && (
        <ShopChoiceDialog
          t={t}
          serviceName={props.serviceName}
          shops={props.shops}
          money={props.money}
          onChoose={(next) => dispatch({ type: 'shopChosen', shop: next })}
          onCancel={() => dispatch({ type: 'dialogCancelled' })}
        />
      )}
      {shop && (
        <SlotPicker
          key={shop.id}
          t={t}
          shop={shop}
          serviceId={props.serviceId}
          duration={props.duration}
          cuttingHours={props.cuttingHours}
          mode={props.mode}
          equipment={props.equipment}
          takenOn={takenOnDate}
          selected={selected}
          focusOnMount={state.chosenInDialog}
          onSelect={(slot) => dispatch({ type: 'slotSelected', slot })}
        />
      )}
      {shop && selected && (
        <button type="button" className="button booking__add" onClick={add}>
          {t.t('booking.addToCart')}
        </button>
      )}
      <BookingNoticeBox
        t={t}
        notice={notice}
        serviceName={props.serviceName}
        cartHref={props.cartHref}
      />
    </section>
  )
}

/** What "add to cart" did, focused so it is read: added (a status) or why not (an alert). */
function BookingNoticeBox(props: {
  t: AppTranslator
  notice: BookingNotice
  serviceName: string
  cartHref: string
}) {
  const { t, notice } = props
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (notice) box.current?.focus()
  }, [notice])
  const text = !notice
    ? null
    : notice.kind === 'overlap'
      ? t.t('booking.overlap')
      : notice.kind === 'visitFull'
        ? t.t('booking.visitFull')
        : notice.kind === 'refused'
          ? t.t('booking.otherShopRefused')
          : `${t.t('booking.addedToCart')} – ${props.serviceName}, ${t.t('booking.slotWhen', {
              date: dateLabel(notice.slot.date, t.locale),
              time: timeLabel(notice.slot.start, t.locale),
            })}`
  return (
    <div
      ref={box}
      tabIndex={-1}
      className={`booking__notice booking__notice--${notice?.kind ?? 'none'}`}
      role={notice?.kind === 'added' ? 'status' : 'alert'}
    >
      {notice && <p>{text}</p>}
      {notice && (
        <p>
          <a className="button" href={props.cartHref}>
            {t.t('cart.goToCart')}
          </a>
        </p>
      )}
    </div>
  )
}

export default BookingIsland
