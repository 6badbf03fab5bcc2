import { formatMoney } from '#domain/money/format-money'
import { PolicyNote } from '../manage/PolicyNote'
import { PaymentStep } from '../payment/PaymentStep'
import { CouponField } from '../shared/CouponField'
import { useMounted } from '../shared/use-mounted'
import { useTranslator } from '../shared/use-translator'
import { BookingCartLines } from './BookingCartLines'
import { BookingCartProceed } from './BookingCartProceed'
import type { BookingCartIslandProps } from './types'
import { useBookingCart } from './use-booking-cart'

/**
 * /panier, booking part (docs/product/4-states.md#booking-cart): the lines (service, when, with
 * whom, price, remove), the total (display: the server prices what it charges), a gift voucher
 * code, then sign in, hold the slots (POST /api/appointments) and pay through the shared
 * PaymentStep. State in booking-cart-state.ts, effects in use-booking-cart.ts.
 */
function BookingCartIsland(props: BookingCartIslandProps) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const cart = useBookingCart(props, t)
  const { lines, shopId, state, dispatch } = cart
  const { stage } = state

  if (!mounted || lines.length === 0 || shopId === null) return null

  const price = (amount: number) => formatMoney(amount, t.locale, props.money)
  const payable = !props.servicePayment || props.paymentEnabled

  return (
    <section className="booking-cart" aria-labelledby="booking-cart-title" data-booking-cart="">
      <h2 id="booking-cart-title">{t.t('booking.cartTitle')}</h2>
      <p>{t.t('booking.cartShop', { shop: lines[0]?.slot.shopName ?? '' })}</p>
      <BookingCartLines
        t={t}
        lines={lines}
        price={price}
        when={cart.when}
        disabled={stage === 'holding' || stage === 'done'}
        remove={(line) => void cart.remove(line)}
      />
      <p className="booking-cart__total">
        {t.t('cart.total')} <strong data-price={cart.total}>{price(cart.total)}</strong>
      </p>
      {(stage === 'cart' || stage === 'holding') && props.servicePayment && payable && (
        <CouponField
          key={cart.couponLines}
          locale={props.locale}
          messages={props.messages}
          money={props.money}
          initial={state.coupon}
          showTotal
          disabled={stage === 'holding'}
          apply={cart.applyCoupon}
          onChange={cart.setCoupon}
        />
      )}
      {props.policies?.[shopId] && (
        <PolicyNote t={t} policy={props.policies[shopId]} heading="h3" />
      )}
      <p ref={cart.errorRef} tabIndex={-1} role="alert" className="booking-cart__error">
        {state.error}
      </p>
      {(stage === 'cart' || stage === 'holding') && (
        <BookingCartProceed
          t={t}
          payable={payable}
          signedIn={cart.signedIn}
          servicePayment={props.servicePayment}
          holding={stage === 'holding'}
          giftCode={state.giftCode}
          setGiftCode={(value) => dispatch({ type: 'giftCode', value })}
          proceed={() => void cart.proceed()}
          loginHref={props.loginHref}
          registerHref={props.registerHref}
        />
      )}
      {stage === 'payment' && (
        <div ref={cart.paymentRef}>
          <PaymentStep
            locale={props.locale}
            messages={props.messages}
            provider={props.provider}
            publicKey={props.publicKey}
            money={props.money}
            returnUrl={props.rdvcheckUrl}
            payLabel={props.provider === 'free' ? t.t('payment.confirmFree') : undefined}
            coupon={{ initial: state.coupon, onChange: cart.setCoupon }}
            initialize={cart.initialize}
            salonMessage
            onSuccess={({ cartId, orderId }) => cart.finish(cartId, orderId)}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch({ type: 'backToCart' })}
          >
            {t.t('booking.backToCart')}
          </button>
        </div>
      )}
    </section>
  )
}

export default BookingCartIsland
