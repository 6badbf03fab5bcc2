import type { Dispatch, RefObject } from 'react'
import type { PaymentInitializeResponse } from '#contract/payment'
import { formatMoney, type MoneySettingsLike } from '#domain/money/format-money'
import type { AppTranslator } from '#i18n/messages'
import type { EshopProductLine } from '#stores/eshop-cart'
import { PurchaseReport } from '../payment/PurchaseReport'
import type { PaymentInitializeOptions, PaymentSuccess } from '../payment/payment-step-props'
import { PaymentWithBack } from '../shared/forms/PaymentWithBack'
import type { EshopCartProps } from './eshop-cart-props'
import type { EshopCartEvent, EshopCartState } from './eshop-cart-state'

interface StepProps {
  t: AppTranslator
  titleId: string
  heading: RefObject<HTMLHeadingElement | null>
}

/**
 * The order is placed: its number, what is due at collection (decision 012), the orders page;
 * reported to analytics like a booking's (decision 032).
 */
export function EshopDone(
  props: StepProps & { state: EshopCartState; money: MoneySettingsLike; ordersPath: string },
) {
  const { t, titleId, heading, state } = props
  const { dueAtShop } = state
  return (
    <section className="shop-cart" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t.t('eshop.orderConfirmed', { number: state.order ?? '' })}
      </h2>
      <PurchaseReport />
      {dueAtShop !== null && (
        <p data-due-at-shop={dueAtShop}>
          {t.t('eshop.orderDueText', { amount: formatMoney(dueAtShop, t.locale, props.money) })}
        </p>
      )}
      <p>{t.t('eshop.orderText')}</p>
      <p>
        <a className="button" href={props.ordersPath}>
          {t.t('eshop.seeOrders')}
        </a>
      </p>
    </section>
  )
}

/** The lines being paid, then the payment step and the way back to the cart. */
export function EshopPayment(
  props: StepProps & {
    props: EshopCartProps
    lines: readonly (EshopProductLine & { quantity: number })[]
    coupon: EshopCartState['coupon']
    initialize(options?: PaymentInitializeOptions): Promise<PaymentInitializeResponse>
    onPaid(result: PaymentSuccess): Promise<void>
    dispatch: Dispatch<EshopCartEvent>
  },
) {
  const { t, titleId, heading, dispatch } = props
  const price = (minor: number) => formatMoney(minor, t.locale, props.props.money)
  return (
    <section className="shop-cart" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t.t('eshop.paymentTitle')}
      </h2>
      <ul className="shop-cart__summary">
        {props.lines.map((line) => (
          <li key={String(line.id)}>
            {line.name} × {line.quantity}{' '}
            <span className="shop-cart__summary-price" data-price={line.price * line.quantity}>
              {price(line.price * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <PaymentWithBack
        settings={props.props}
        initialize={props.initialize}
        initializeErrors="eshopCheckout"
        coupon={{
          initial: props.coupon,
          onChange: (coupon) => dispatch({ type: 'couponChanged', coupon }),
        }}
        onPaid={props.onPaid}
        idPrefix="eshop-payment"
        backLabel={t.t('eshop.backToCart')}
        onBack={() => dispatch({ type: 'backToCart' })}
      />
    </section>
  )
}
