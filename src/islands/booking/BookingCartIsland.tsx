import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { ApiError } from '../../api/errors'
import type { AppointmentRequestInput } from '../../contract/appointment'
import type { ApiErrorType } from '../../contract/error'
import { type BookingSlot, byStart, slotOf } from '../../domain/booking/booking-line'
import {
  type HoldRecord,
  heldFrom,
  liveRecord,
  parseHoldRecord,
  planHolds,
} from '../../domain/booking/holds'
import { bookingLinesAtShop, type ShopPriceTable } from '../../domain/catalog/shop-prices'
import type { PaymentProvider } from '../../domain/company/payment-enabled'
import { type AppliedCoupon, appliedFrom } from '../../domain/coupon/coupon-field'
import { formatMoney, type MoneySettingsLike } from '../../domain/money/format-money'
import { errorMessage } from '../../i18n/error-messages'
import { readBookingCart } from '../../stores/booking-cart'
import { bookingCart, session } from '../../stores/browser'
import { browserStorage } from '../../stores/cookie-jar'
import { PaymentStep } from '../payment/PaymentStep'
import { CouponField } from '../shared/CouponField'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { HOLDS_KEY, markConfirmed, savePendingConfirmation } from './confirmation'
import { dateLabel } from './dates'

export interface BookingCartIslandProps extends TranslatedProps {
  money: MoneySettingsLike
  provider: PaymentProvider
  publicKey?: string | undefined
  /** spec §6: service payment on (appointment.payment.active) */
  servicePayment: boolean
  /** spec §6: the provider can take payments (stripe/payzen need a public key) */
  paymentEnabled: boolean
  /** localized /auth/customer/login and /register, with ?redirect= back here */
  loginHref: string
  registerHref: string
  /** localized /payments/success and /payments/rdvcheck (absolute: the card redirect target) */
  successHref: string
  rdvcheckUrl: string
  servicesHref: string
  /** shop id -> "name, address" for the calendar file */
  locations: Record<string, string>
  /** service id -> shop id -> unitPrice (decision 011): lines show what their shop charges */
  servicePrices?: ShopPriceTable | undefined
}

interface Line {
  id: string
  name: string
  prices: number
  slot: BookingSlot
  raw: Parameters<typeof bookingCart.remove>[0]
}

type Stage = 'cart' | 'holding' | 'payment' | 'done'

function readHolds(): HoldRecord | null {
  try {
    return parseHoldRecord(sessionStorage.getItem(HOLDS_KEY))
  } catch {
    return null
  }
}

function writeHolds(record: HoldRecord): void {
  sessionStorage.setItem(HOLDS_KEY, JSON.stringify(record))
}

/**
 * The server's refusals of the typed gift code (server/README.md "Errors": one per situation),
 * and too many wrong codes tried (decision 017): back on the cart, where the code can be
 * corrected or cleared. Their words are the error vocabulary's (src/i18n/error-messages.ts).
 */
const GIFT_REFUSALS: ReadonlySet<string> = new Set<ApiErrorType>([
  'giftNotFound',
  'giftExpired',
  'giftUnusable',
  'giftUsed',
  'tooManyCodeChecks',
])

/** The cart as stored and as in the store differ (another tab, a payment that came back). */
function sameCart(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * /panier, booking part (issue 6 §1): the lines (service, when, with whom, price, remove), the
 * total (display: the server prices what it charges), a gift voucher code, then sign in, hold
 * the slots (POST /api/appointments) and pay through the shared PaymentStep.
 */
export function BookingCartIsland(props: BookingCartIslandProps) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const cart = useStore(bookingCart.$cart)
  const total = useStore(bookingCart.$total)
  const auth = useStore(session.$session)
  const [stage, setStage] = useState<Stage>('cart')
  const [giftCode, setGiftCode] = useState('')
  // issue 13 §3: the coupon the server accepted for these lines, sent to initialize
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [requests, setRequests] = useState<AppointmentRequestInput[]>([])
  const errorRef = useRef<HTMLParagraphElement>(null)
  const paymentRef = useRef<HTMLDivElement>(null)

  // spec §4 Payment flow: the previous cart is reloaded about 100 ms after start
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const stored = readBookingCart(browserStorage())
      if (sameCart(stored, bookingCart.$cart.get())) return
      bookingCart.clear()
      for (const line of stored.items) bookingCart.add(line, line.nb)
    }, 100)
    return () => window.clearTimeout(timer)
  }, [])

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

  const lines: Line[] = useMemo(
    () =>
      byStart(
        cart.items.flatMap((item) => {
          const slot = slotOf(item)
          return slot
            ? [
                {
                  id: String(item.id),
                  name: item.name,
                  prices: item.prices * item.nb,
                  slot,
                  raw: item,
                  start: slot.start,
                },
              ]
            : []
        }),
      ),
    [cart.items],
  )
  const shopId = cart.shopId === null ? (lines[0]?.raw.shopId ?? null) : cart.shopId
  // the coupon was priced for these lines: another set of lines needs it applied again
  const couponLines = lines.map((line) => `${line.slot.serviceId}@${line.slot.start}`).join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the lines change
  useEffect(() => setCoupon(null), [couponLines])

  const when = (slot: BookingSlot) =>
    t.t('booking.slotWhen', {
      date: dateLabel(slot.start.slice(0, 10), t.locale),
      time: slot.start.slice(11),
    })
  const price = (amount: number) => formatMoney(amount, t.locale, props.money)

  const requestOf = useCallback(
    (slot: BookingSlot, withGift: boolean): AppointmentRequestInput => ({
      shopid: String(shopId),
      serviceid: slot.serviceId,
      start: slot.start,
      end: slot.end,
      myAppointment: {
        ...(slot.employeeId ? { employeeId: slot.employeeId } : {}),
        ...(withGift && giftCode.trim() ? { giftCode: giftCode.trim() } : {}),
      },
    }),
    [shopId, giftCode],
  )

  const confirmation = useCallback(
    (cartId: string) => ({
      cartId,
      orderId: null,
      ideorder: readHolds()?.ideorder ?? null,
      shopId: String(shopId),
      location: props.locations[String(shopId)] ?? lines[0]?.slot.shopName ?? '',
      lines: lines.map((line) => ({ ...line.slot, name: line.name })),
    }),
    [shopId, lines, props.locations],
  )

  const finish = useCallback(
    (cartId: string, orderId: string | null) => {
      setStage('done')
      markConfirmed(cartId, orderId)
      bookingCart.clear()
      location.assign(props.successHref)
    },
    [props.successHref],
  )

  if (!mounted || lines.length === 0 || shopId === null) return null

  const remove = async (line: Line) => {
    bookingCart.remove(line.raw, -1)
    // a held slot is released at once, else the server would charge it with the others
    const record = readHolds()
    const held = record?.held.find(
      (h) => h.serviceId === line.slot.serviceId && h.start === line.slot.start,
    )
    if (record && held) {
      writeHolds({ ...record, held: record.held.filter((h) => h !== held) })
      await islandApi.appointments
        .remove({ query: { appointmentId: held.appointmentId } })
        .catch(() => undefined)
    }
    setStage('cart')
    setError(null)
  }

  const proceed = async () => {
    setError(null)
    setStage('holding')
    const slots = lines.map((line) => line.slot)
    let record = liveRecord(readHolds(), String(shopId), Date.now())
    const plan = planHolds(slots, record)
    for (const released of plan.toRelease) {
      await islandApi.appointments
        .remove({ query: { appointmentId: released.appointmentId } })
        .catch(() => undefined)
    }
    let held = (record?.held ?? []).filter((h) => !plan.toRelease.includes(h))
    for (const slot of plan.toHold) {
      try {
        const order = await islandApi.appointments.create({ body: requestOf(slot, false) })
        const mine = heldFrom(order, slot)
        if (mine) held = [...held, mine]
        record = { shopId: String(shopId), at: Date.now(), held, ideorder: order.ideorder }
        writeHolds(record)
      } catch (failure) {
        const name = lines.find((line) => line.slot === slot)?.name ?? ''
        // a slot taken, or a hold limit of decision 017 reached: the error vocabulary's words
        setError(errorMessage(failure, t, 'hold', { when: when(slot), service: name }))
        setStage('cart')
        return
      }
    }
    if (!props.servicePayment) {
      // bookings are confirmed at once when service payment is off (server README)
      savePendingConfirmation(confirmation(''))
      finish('', null)
      return
    }
    setRequests(slots.map((slot, index) => requestOf(slot, index === 0)))
    setStage('payment')
  }

  const signedIn = Boolean(auth.customerToken)
  const payable = !props.servicePayment || props.paymentEnabled

  return (
    <section className="booking-cart" aria-labelledby="booking-cart-title" data-booking-cart="">
      <h2 id="booking-cart-title">{t.t('booking.cartTitle')}</h2>
      <p>{t.t('booking.cartShop', { shop: lines[0]?.slot.shopName ?? '' })}</p>
      <ul className="booking-cart__lines">
        {lines.map((line) => (
          <li key={line.id} className="booking-cart__line">
            <div>
              <p className="booking-cart__name">{line.name}</p>
              <p>
                {when(line.slot)}
                {line.slot.employeeName
                  ? ` – ${t.t('booking.with', { name: line.slot.employeeName })}`
                  : ''}
              </p>
            </div>
            <p className="booking-cart__price" data-price={line.prices}>
              {price(line.prices)}
            </p>
            <button
              type="button"
              className="button button--secondary"
              disabled={stage === 'holding' || stage === 'done'}
              // the visible word starts the accessible name (WCAG 2.5.3 label in name)
              aria-label={`${t.t('cart.remove')} – ${line.name}, ${when(line.slot)}`}
              onClick={() => void remove(line)}
            >
              {t.t('cart.remove')}
            </button>
          </li>
        ))}
      </ul>
      <p className="booking-cart__total">
        {t.t('cart.total')} <strong data-price={total}>{price(total)}</strong>
      </p>
      {(stage === 'cart' || stage === 'holding') && props.servicePayment && payable && (
        <CouponField
          key={couponLines}
          locale={props.locale}
          messages={props.messages}
          money={props.money}
          initial={coupon}
          showTotal
          disabled={stage === 'holding'}
          apply={async (code) =>
            appliedFrom(
              await islandApi.content.couponsApply({
                body: {
                  code,
                  shopId: String(shopId),
                  lines: lines.map((line) => ({ articleId: line.slot.serviceId, quantity: 1 })),
                },
              }),
              code,
              t.locale,
            )
          }
          onChange={setCoupon}
        />
      )}
      <p ref={errorRef} tabIndex={-1} role="alert" className="booking-cart__error">
        {error}
      </p>
      {stage === 'cart' || stage === 'holding' ? (
        !payable ? (
          <p>{t.t('payment.unavailable')}</p>
        ) : signedIn ? (
          <>
            {props.servicePayment && (
              <p className="booking-cart__gift">
                <label htmlFor="booking-gift-code">{t.t('booking.giftCode')}</label>
                <input
                  id="booking-gift-code"
                  type="text"
                  autoComplete="off"
                  value={giftCode}
                  onChange={(event) => setGiftCode(event.target.value)}
                />
              </p>
            )}
            <button
              type="button"
              className="button"
              disabled={stage === 'holding'}
              onClick={() => void proceed()}
            >
              {t.t('booking.proceed')}
            </button>
            <p aria-live="polite">{stage === 'holding' ? t.t('booking.holding') : ''}</p>
          </>
        ) : (
          <div className="booking-cart__login">
            <p>{t.t('booking.loginRequired')}</p>
            <p>
              <a className="button" href={props.loginHref}>
                {t.t('booking.login')}
              </a>{' '}
              <a className="button button--secondary" href={props.registerHref}>
                {t.t('booking.register')}
              </a>
            </p>
          </div>
        )
      ) : null}
      {stage === 'payment' && (
        <div ref={paymentRef}>
          <PaymentStep
            locale={props.locale}
            messages={props.messages}
            provider={props.provider}
            publicKey={props.publicKey}
            money={props.money}
            returnUrl={props.rdvcheckUrl}
            payLabel={props.provider === 'free' ? t.t('payment.confirmFree') : undefined}
            coupon={{ initial: coupon, onChange: setCoupon }}
            initialize={async (options) => {
              try {
                const answer = await islandApi.payment.initialize({
                  body: {
                    purpose: 'booking',
                    shopId: String(shopId),
                    appointments: requests,
                    ...(options?.couponCode ? { couponCode: options.couponCode } : {}),
                  },
                })
                savePendingConfirmation(confirmation(answer.cartId))
                return answer
              } catch (failure) {
                if (failure instanceof ApiError && GIFT_REFUSALS.has(failure.type ?? '')) {
                  setError(errorMessage(failure, t))
                  setStage('cart')
                }
                throw failure
              }
            }}
            onSuccess={({ cartId, orderId }) => finish(cartId, orderId)}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setStage('cart')}
          >
            {t.t('booking.backToCart')}
          </button>
        </div>
      )}
    </section>
  )
}

export default BookingCartIsland
