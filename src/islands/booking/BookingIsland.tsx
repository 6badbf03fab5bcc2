import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  type BookingSlot,
  lineIdOf,
  localDateTimeOf,
  overlapsCart,
  slotOf,
  takenOn,
} from '../../domain/booking/booking-line'
import { formatMoney } from '../../domain/money/format-money'
import { formatClockTime } from '../../domain/slots/clock-time'
import { bookingCart } from '../../stores/browser'
import { announceNeed } from '../loading/needs'
import { useMounted } from '../shared/use-mounted'
import { useTranslator } from '../shared/use-translator'
import { dateLabel } from './dates'
import { ShopChoiceDialog } from './ShopChoiceDialog'
import { type ChosenSlot, SlotPicker } from './SlotPicker'
import type { BookingIslandProps, OfferingShop } from './types'

type Notice = { kind: 'added' | 'refused' | 'overlap'; text: string } | null

/**
 * The booking step of a service detail (issue 6 §1), mounted when the address says
 * ?page=reserved (client:when-needed="reserve"): the shop (fixed on a shop page, the cart's
 * shop, the only bookable one, or the shop choice dialog), the slot picker, and the add to the
 * booking cart, which refuses a service of another shop (spec §4) with an explanation.
 */
export function BookingIsland(props: BookingIslandProps) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const cart = useStore(bookingCart.$cart)
  const bookable = useMemo(() => props.shops.filter((shop) => shop.active), [props.shops])
  const [shop, setShop] = useState<OfferingShop | null>(null)
  const [dialog, setDialog] = useState(false)
  const [chosenInDialog, setChosenInDialog] = useState(false)
  const [selected, setSelected] = useState<ChosenSlot | null>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const noticeRef = useRef<HTMLDivElement>(null)
  const changeRef = useRef<HTMLButtonElement>(null)

  const slots: BookingSlot[] = useMemo(
    () => cart.items.flatMap((line) => slotOf(line) ?? []),
    [cart.items],
  )

  // the first shop: fixed, the cart's, the only bookable one, else the dialog
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once on mount
  useEffect(() => {
    if (!mounted) return
    const byId = (id: string | null | undefined) =>
      id ? bookable.find((s) => s.id === String(id)) : undefined
    const first =
      byId(props.fixedShopId) ??
      (props.fixedShopId ? undefined : byId(cart.shopId === null ? null : String(cart.shopId))) ??
      (bookable.length === 1 ? bookable[0] : undefined)
    if (first) setShop(first)
    else if (!props.fixedShopId && bookable.length > 1) setDialog(true)
  }, [mounted])

  useEffect(() => {
    if (notice) noticeRef.current?.focus()
  }, [notice])

  const takenOnDate = useCallback((date: string) => takenOn(date, shop ? slots : []), [slots, shop])

  if (!mounted) return null

  const price = (amount: number) => formatMoney(amount, t.locale, props.money)

  const add = () => {
    if (!shop || !selected) return
    const start = localDateTimeOf(selected.date, selected.start)
    const end = localDateTimeOf(selected.date, selected.end)
    const slot: BookingSlot = {
      serviceId: props.serviceId,
      start,
      end,
      employeeId: selected.employeeId,
      employeeName: selected.employeeName,
      shopName: shop.name,
      timeZone: shop.timeZone,
    }
    if (overlapsCart(slot, slots)) {
      setNotice({ kind: 'overlap', text: t.t('booking.overlap') })
      return
    }
    const added = bookingCart.add({
      id: lineIdOf(props.serviceId, start),
      shopId: shop.id,
      prices: shop.price,
      artType: props.artType,
      name: props.serviceName,
      image: props.image ?? null,
      ...slot,
    })
    if (!added) {
      setNotice({ kind: 'refused', text: t.t('booking.otherShopRefused') })
      return
    }
    announceNeed('booking-cart')
    setSelected(null)
    setNotice({
      kind: 'added',
      text: `${t.t('booking.addedToCart')} – ${props.serviceName}, ${t.t('booking.slotWhen', {
        date: dateLabel(selected.date, t.locale),
        time: formatClockTime(selected.start),
      })}`,
    })
  }

  const chooseShop = (next: OfferingShop) => {
    setDialog(false)
    setChosenInDialog(true)
    setShop(next)
    setSelected(null)
    setNotice(null)
  }

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
          {!props.fixedShopId && bookable.length > 1 && (
            <button
              ref={changeRef}
              type="button"
              className="button button--secondary"
              onClick={() => setDialog(true)}
            >
              {t.t('booking.changeShop')}
            </button>
          )}
        </p>
      )}
      {!shop && !dialog && bookable.length > 1 && (
        <button type="button" className="button" onClick={() => setDialog(true)}>
          {t.t('booking.chooseShop')}
        </button>
      )}
      {dialog && (
        <ShopChoiceDialog
          t={t}
          serviceName={props.serviceName}
          shops={props.shops}
          money={props.money}
          onChoose={chooseShop}
          onCancel={() => setDialog(false)}
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
          focusOnMount={chosenInDialog}
          onSelect={(slot) => {
            setSelected(slot)
            setNotice(null)
          }}
        />
      )}
      {shop && selected && (
        <button type="button" className="button booking__add" onClick={add}>
          {t.t('booking.addToCart')}
        </button>
      )}
      <div
        ref={noticeRef}
        tabIndex={-1}
        className={`booking__notice booking__notice--${notice?.kind ?? 'none'}`}
        role={notice?.kind === 'added' ? 'status' : 'alert'}
      >
        {notice && <p>{notice.text}</p>}
        {notice && (
          <p>
            <a className="button" href={props.cartHref}>
              {t.t('cart.goToCart')}
            </a>
          </p>
        )}
      </div>
    </section>
  )
}

export default BookingIsland
