import { type Dispatch, type RefObject, useId } from 'react'
import { appliedFrom } from '#domain/coupon/coupon-field'
import { paymentLines } from '#domain/eshop/checkout'
import { type EntityId, sameId } from '#domain/ids'
import { formatMoney } from '#domain/money/format-money'
import type { AppTranslator } from '#i18n/messages'
import { eshopCart } from '#stores/browser'
import type { EshopProductLine } from '#stores/eshop-cart'
import { CouponField } from '../shared/CouponField'
import { islandApi } from '../shared/island-api'
import { EshopCartLines } from './EshopCartLines'
import type { EshopCartProps } from './eshop-cart-props'
import type { EshopCartEvent, EshopCartState, PricedCart } from './eshop-cart-state'

interface CartStepProps {
  t: AppTranslator
  props: EshopCartProps
  priced: PricedCart<EshopProductLine>
  state: EshopCartState
  signedIn: boolean
  titleId: string
  heading: RefObject<HTMLHeadingElement | null>
  shopSelect: RefObject<HTMLSelectElement | null>
  onCheckout(): void
  dispatch: Dispatch<EshopCartEvent>
}

/** The cart step: lines, total, the shop among several, the coupon, refusals, checkout. */
export function EshopCartStep(step: CartStepProps) {
  const { t, props, priced, state, dispatch, signedIn } = step
  const { cart, total, shop: chosenShop } = priced
  const shopFieldId = useId()
  const messageId = useId()
  const verifying = state.step === 'verifying'
  const price = (minor: number) => formatMoney(minor, t.locale, props.money)
  return (
    <section className="shop-cart" aria-labelledby={step.titleId}>
      <h2 id={step.titleId} ref={step.heading} tabIndex={-1}>
        {t.t('eshop.cartTitle')}
      </h2>
      <EshopCartLines
        t={t}
        lines={cart.items}
        idPrefix={step.titleId}
        defaultImage={props.defaultImage}
        disabled={verifying}
        price={price}
        onQuantity={(id, value) => {
          eshopCart.setQuantity(id, value)
          dispatch({ type: 'quantityChanged' })
        }}
        onRemove={(id) => eshopCart.remove(id)}
      />
      <p className="shop-total">
        {t.t('cart.total')} <strong data-price={total}>{price(total)}</strong>
      </p>
      {props.shops.length > 1 && (
        <div className="shop-field">
          <label htmlFor={shopFieldId}>{t.t('eshop.chooseShop')}</label>
          <select
            id={shopFieldId}
            ref={step.shopSelect}
            value={chosenShop === null ? '' : String(chosenShop)}
            aria-invalid={state.error !== null && chosenShop === null ? true : undefined}
            aria-describedby={messageId}
            onChange={(event) => {
              if (event.target.value) eshopCart.selectShop(event.target.value)
              dispatch({ type: 'shopChosen' })
            }}
          >
            <option value="" disabled>
              {t.t('eshop.chooseShop')}
            </option>
            {props.shops.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {chosenShop !== null && (
        <CouponField
          key={priced.couponKey}
          locale={props.locale}
          messages={props.messages}
          money={props.money}
          initial={state.coupon}
          showTotal
          disabled={verifying}
          apply={async (code) =>
            appliedFrom(
              await islandApi.content.couponsApply({
                body: { code, shopId: String(chosenShop), lines: paymentLines(cart.items) },
              }),
              code,
              t.locale,
            )
          }
          onChange={(coupon) => dispatch({ type: 'couponChanged', coupon })}
        />
      )}
      <div id={messageId} role="alert" className="shop-error">
        {state.error && <p>{t.t(state.error)}</p>}
        <Shortages t={t} state={state} lines={cart.items} dispatch={dispatch} />
      </div>
      {!signedIn && <p>{t.t('eshop.loginRequired')}</p>}
      <div role="status">{verifying && t.t('eshop.verifying')}</div>
      <button type="button" className="button" disabled={verifying} onClick={step.onCheckout}>
        {signedIn ? t.t('eshop.checkout') : t.t('eshop.login')}
      </button>
    </section>
  )
}

/** The lines the stock refused, and the button that sets them to what is left. */
function Shortages(props: {
  t: AppTranslator
  state: EshopCartState
  lines: readonly EshopProductLine[]
  dispatch: Dispatch<EshopCartEvent>
}) {
  const { t, state } = props
  if (state.shortages.length === 0) return null
  const nameOf = (id: EntityId) =>
    props.lines.find((line) => sameId(line.id, id))?.name ?? String(id)
  const adjust = () => {
    for (const short of state.shortages) eshopCart.setQuantity(short.id, short.stock)
    props.dispatch({ type: 'quantityChanged' })
  }
  return (
    <>
      <ul>
        {state.shortages.map((short) => (
          <li key={String(short.id)}>
            {short.stock > 0
              ? t.tn('eshop.shortage', short.stock, { name: nameOf(short.id) })
              : t.t('eshop.soldOut', { name: nameOf(short.id) })}
          </li>
        ))}
      </ul>
      <button type="button" className="button button--secondary" onClick={adjust}>
        {t.t('eshop.adjust')}
      </button>
    </>
  )
}
