import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import { ApiError } from '../../api/errors'
import { eshopCartTotal } from '../../domain/cart/eshop-cart'
import { pricedAtShop, type ShopPriceTable } from '../../domain/catalog/shop-prices'
import type { PaymentProvider } from '../../domain/company/payment-enabled'
import { type AppliedCoupon, appliedFrom } from '../../domain/coupon/coupon-field'
import {
  checkoutShop,
  paymentLines,
  type StockShortage,
  stockShortages,
  verificationBatches,
} from '../../domain/eshop/checkout'
import { parseQuantity } from '../../domain/eshop/stock-state'
import { type EntityId, sameId } from '../../domain/ids'
import { formatMoney, type MoneySettingsLike } from '../../domain/money/format-money'
import { eshopCart, session } from '../../stores/browser'
import type { PaymentSuccess } from '../payment/payment-step-props'
import { CouponField } from '../shared/CouponField'
import { PaymentWithBack } from '../shared/forms/PaymentWithBack'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'

export interface ShopChoice {
  id: string
  name: string
}

interface Props extends TranslatedProps {
  money: MoneySettingsLike
  /** the shops an order can be collected at; a choice is asked when there are several */
  shops: ShopChoice[]
  /** product id -> shop id -> unit price (decision 011): the lines are priced at the chosen shop */
  prices?: ShopPriceTable | undefined
  provider: PaymentProvider
  publicKey?: string | undefined
  /** localized paths */
  cartPath: string
  loginPath: string
  ordersPath: string
  returnPath: string
  defaultImage?: string | undefined
}

type Step = 'cart' | 'verifying' | 'payment' | 'done'

/**
 * A line's quantity field: what is typed stays while it is being typed (an empty field on the
 * way from 2 to 3), a whole quantity of at least 1 updates the cart, anything else goes back to
 * the cart's quantity when the field is left.
 */
function LineQuantity(props: {
  id: string
  quantity: number
  disabled: boolean
  onQuantity(quantity: number): void
}) {
  const { id, quantity, disabled, onQuantity } = props
  const [draft, setDraft] = useState(String(quantity))
  useEffect(() => setDraft(String(quantity)), [quantity])
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      value={draft}
      disabled={disabled}
      onChange={(event) => {
        setDraft(event.target.value)
        const value = parseQuantity(event.target.value)
        if (value !== null) onQuantity(value)
      }}
      onBlur={() => setDraft(String(quantity))}
    />
  )
}

/**
 * /panier, e-shop part (spec §2, §4): the cart's lines with quantity and remove, the shop when
 * several, then checkout: a signed-in customer (else the login page, back here after), the stock
 * verified per line (stock/verify/{ids}/{qty}), the payment of purpose 'eshop', and on success the
 * cart emptied and the order number shown.
 */
export default function EshopCart(props: Props) {
  const { money, shops, cartPath, loginPath, ordersPath } = props
  const t = useTranslator(props)
  const mounted = useMounted()
  const stored = useStore(eshopCart.$cart)
  const signedIn = useStore(session.$session).customerToken !== null
  const [step, setStep] = useState<Step>('cart')
  const [shortages, setShortages] = useState<StockShortage[]>([])
  const [error, setError] = useState<string | null>(null)
  const [order, setOrder] = useState<string | null>(null)
  /** decision 012: to be paid at collection (free provider) */
  const [dueAtShop, setDueAtShop] = useState<number | null>(null)
  const [shopId, setShopId] = useState<EntityId | null>(null)
  // issue 13 §3: the coupon the server accepted for these lines at this shop, sent to initialize
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const shopSelect = useRef<HTMLSelectElement>(null)
  const titleId = useId()
  const shopFieldId = useId()
  const messageId = useId()

  // the lines at the chosen shop's prices (what the server charges there), shown at once and
  // written back so the mini cart says the same
  const pricingShop = checkoutShop(stored.shopId, shops)
  const pricedItems = pricedAtShop(stored.items, props.prices, pricingShop)
  const cart = pricedItems === stored.items ? stored : { ...stored, items: [...pricedItems] }
  const total = eshopCartTotal(cart)
  useEffect(() => {
    if (pricedItems === stored.items) return
    const keep = stored.shopId
    eshopCart.selectShop(null)
    if (keep !== null) eshopCart.selectShop(keep)
    for (const line of pricedItems) eshopCart.add(line, line.quantity)
  }, [pricedItems, stored])

  // the coupon was priced for these lines at this shop: other lines need it applied again
  const couponLines = `${String(pricingShop)}|${stored.items.map((l) => `${String(l.id)}x${l.quantity}`).join()}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the lines change
  useEffect(() => setCoupon(null), [couponLines])

  // a new step takes the focus to its heading, so screen readers and keyboards follow
  useEffect(() => {
    if (step !== 'cart') heading.current?.focus()
  }, [step])

  if (!mounted) return null
  const price = (minor: number) => formatMoney(minor, t.locale, money)
  const nameOf = (id: EntityId) =>
    cart.items.find((line) => sameId(line.id, id))?.name ?? String(id)

  if (step === 'done') {
    return (
      <section className="shop-cart" aria-labelledby={titleId}>
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {t.t('eshop.orderConfirmed', { number: order ?? '' })}
        </h2>
        {dueAtShop !== null && (
          <p data-due-at-shop={dueAtShop}>
            {t.t('eshop.orderDueText', { amount: price(dueAtShop) })}
          </p>
        )}
        <p>{t.t('eshop.orderText')}</p>
        <p>
          <a className="button" href={ordersPath}>
            {t.t('eshop.seeOrders')}
          </a>
        </p>
      </section>
    )
  }
  if (cart.items.length === 0) return null

  const chosenShop = checkoutShop(cart.shopId, shops)

  const checkout = async () => {
    setError(null)
    setShortages([])
    const shop = checkoutShop(cart.shopId, shops)
    if (shop === null) {
      setError(t.t('eshop.shopRequired'))
      shopSelect.current?.focus()
      return
    }
    if (!sameId(cart.shopId, shop)) eshopCart.selectShop(shop)
    if (!signedIn) {
      location.assign(`${loginPath}?redirect=${encodeURIComponent(cartPath)}`)
      return
    }
    setStep('verifying')
    try {
      const verdicts = (
        await Promise.all(
          verificationBatches(cart.items).map((batch) =>
            islandApi.eshop.verifyStock({
              params: { ids: batch.ids.join(','), qty: String(batch.qty) },
            }),
          ),
        )
      ).flat()
      const short = stockShortages(cart.items, verdicts)
      if (short.length > 0) {
        setShortages(short)
        setStep('cart')
        return
      }
      setShopId(shop)
      setStep('payment')
    } catch {
      setError(t.t('eshop.checkoutError'))
      setStep('cart')
    }
  }

  const initialize = async (options?: { couponCode?: string | undefined }) => {
    try {
      return await islandApi.payment.initialize({
        body: {
          purpose: 'eshop',
          shopId: String(shopId ?? chosenShop),
          lines: paymentLines(eshopCart.$cart.get().items),
          ...(options?.couponCode ? { couponCode: options.couponCode } : {}),
        },
      })
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 401) {
        location.assign(`${loginPath}?redirect=${encodeURIComponent(cartPath)}`)
      }
      // the payment step words it (src/i18n/error-messages.ts, screen eshopCheckout)
      throw failure
    }
  }

  const paid = async ({ orderId, amountDue }: PaymentSuccess) => {
    eshopCart.selectShop(null)
    setDueAtShop(amountDue ?? null)
    let number = orderId
    if (orderId) {
      try {
        number = (await islandApi.eshop.myOrder({ params: { id: orderId } })).number
      } catch {
        // the id is a fine reference when the order cannot be read back
      }
    }
    setOrder(number)
    setStep('done')
  }

  const adjust = () => {
    for (const short of shortages) eshopCart.setQuantity(short.id, short.stock)
    setShortages([])
  }

  if (step === 'payment') {
    return (
      <section className="shop-cart" aria-labelledby={titleId}>
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {t.t('eshop.paymentTitle')}
        </h2>
        <ul className="shop-cart__summary">
          {cart.items.map((line) => (
            <li key={String(line.id)}>
              {line.name} × {line.quantity}{' '}
              <span className="shop-cart__summary-price" data-price={line.price * line.quantity}>
                {price(line.price * line.quantity)}
              </span>
            </li>
          ))}
        </ul>
        <PaymentWithBack
          settings={props}
          initialize={initialize}
          initializeErrors="eshopCheckout"
          coupon={{ initial: coupon, onChange: setCoupon }}
          onPaid={paid}
          idPrefix="eshop-payment"
          backLabel={t.t('eshop.backToCart')}
          onBack={() => setStep('cart')}
        />
      </section>
    )
  }

  const verifying = step === 'verifying'
  return (
    <section className="shop-cart" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {t.t('eshop.cartTitle')}
      </h2>
      <ul className="shop-cart__lines">
        {cart.items.map((line) => {
          const image = line.image || props.defaultImage
          const quantityId = `${titleId}-q-${String(line.id)}`
          return (
            <li key={String(line.id)} className="shop-cart__line">
              {image ? (
                <img src={image} alt="" width="64" height="64" loading="lazy" />
              ) : (
                <span className="shop-cart__no-image" aria-hidden="true" />
              )}
              <div className="shop-cart__name">
                <span>{line.name}</span>
                <span className="shop-cart__unit" data-price={line.price}>
                  {t.t('eshop.unitPrice', { price: price(line.price) })}
                </span>
              </div>
              <div className="shop-field shop-cart__quantity">
                <label htmlFor={quantityId} className="visually-hidden">
                  {t.t('eshop.quantityFor', { name: line.name })}
                </label>
                <LineQuantity
                  id={quantityId}
                  quantity={line.quantity}
                  disabled={verifying}
                  onQuantity={(value) => {
                    eshopCart.setQuantity(line.id, value)
                    setShortages([])
                  }}
                />
              </div>
              <span className="shop-cart__price" data-price={line.price * line.quantity}>
                {price(line.price * line.quantity)}
              </span>
              <button
                type="button"
                className="shop-cart__remove"
                disabled={verifying}
                aria-label={t.t('cart.removeItem', { name: line.name })}
                onClick={() => eshopCart.remove(line.id)}
              >
                ×
              </button>
            </li>
          )
        })}
      </ul>
      <p className="shop-total">
        {t.t('cart.total')} <strong data-price={total}>{price(total)}</strong>
      </p>
      {shops.length > 1 && (
        <div className="shop-field">
          <label htmlFor={shopFieldId}>{t.t('eshop.chooseShop')}</label>
          <select
            id={shopFieldId}
            ref={shopSelect}
            value={chosenShop === null ? '' : String(chosenShop)}
            aria-invalid={error !== null && chosenShop === null ? true : undefined}
            aria-describedby={messageId}
            onChange={(event) => {
              if (event.target.value) eshopCart.selectShop(event.target.value)
              setError(null)
            }}
          >
            <option value="" disabled>
              {t.t('eshop.chooseShop')}
            </option>
            {shops.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {chosenShop !== null && (
        <CouponField
          key={couponLines}
          locale={props.locale}
          messages={props.messages}
          money={money}
          initial={coupon}
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
          onChange={setCoupon}
        />
      )}
      <div id={messageId} role="alert" className="shop-error">
        {error && <p>{error}</p>}
        {shortages.length > 0 && (
          <>
            <ul>
              {shortages.map((short) => (
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
        )}
      </div>
      {!signedIn && <p>{t.t('eshop.loginRequired')}</p>}
      <div role="status">{verifying && t.t('eshop.verifying')}</div>
      <button type="button" className="button" disabled={verifying} onClick={() => void checkout()}>
        {signedIn ? t.t('eshop.checkout') : t.t('eshop.login')}
      </button>
    </section>
  )
}
