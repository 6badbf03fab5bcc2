import { useStore } from '@nanostores/react'
import { useEffect, useId, useReducer, useRef } from 'react'
import { linesInLocale } from '#domain/cart/line-name'
import { eshopCart, session } from '#stores/browser'
import type { PaymentSuccess } from '../payment/payment-step-props'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { useTranslator } from '../shared/use-translator'
import { EshopCartStep } from './EshopCartStep'
import { EshopDone, EshopPayment } from './EshopCheckoutSteps'
import type { EshopCartProps } from './eshop-cart-props'
import {
  checkout,
  eshopCartReducer,
  eshopPaymentBody,
  initialEshopCartState,
  initializeEshopPayment,
  loginAddress,
  orderNumber,
  pricedCart,
} from './eshop-cart-state'

export type { ShopChoice } from './eshop-cart-props'

/**
 * /panier, e-shop part (docs/product/2-screens.md, docs/product/4-states.md): the cart's lines with quantity and remove, the shop when
 * several, then checkout: a signed-in customer (else the login page, back here after), the stock
 * verified per line (stock/verify/{ids}/{qty}), the payment of purpose 'eshop', and on success the
 * cart emptied and the order number shown. The state and its effects: ./eshop-cart-state.ts.
 */
export default function EshopCart(props: EshopCartProps) {
  const { shops, cartPath, loginPath } = props
  const t = useTranslator(props)
  const mounted = useMounted()
  const stored = useStore(eshopCart.$cart)
  const signedIn = useStore(session.$session).customerToken !== null
  const [state, dispatch] = useReducer(eshopCartReducer, initialEshopCartState)
  const { step } = state
  const heading = useRef<HTMLHeadingElement>(null)
  const shopSelect = useRef<HTMLSelectElement>(null)
  const titleId = useId()

  // the lines at the chosen shop's prices and named in the page's language, shown at once; new
  // prices are written back so the mini cart says the same
  const named = { ...stored, items: linesInLocale(stored.items, t.locale) }
  const priced = pricedCart(named, props.prices, shops)
  const { cart } = priced
  useEffect(() => {
    if (!priced.repriced) return
    const keep = stored.shopId
    eshopCart.selectShop(null)
    if (keep !== null) eshopCart.selectShop(keep)
    for (const line of priced.cart.items) eshopCart.add(line, line.quantity)
  }, [priced, stored])

  // the coupon was priced for these lines at this shop: other lines need it applied again
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the lines change
  useEffect(() => dispatch({ type: 'linesChanged' }), [priced.couponKey])

  // a new step takes the focus to its heading, so screen readers and keyboards follow
  useEffect(() => {
    if (step !== 'cart') heading.current?.focus()
  }, [step])

  if (!mounted) return null
  if (step === 'done') {
    return (
      <EshopDone
        t={t}
        state={state}
        money={props.money}
        ordersPath={props.ordersPath}
        titleId={titleId}
        heading={heading}
      />
    )
  }
  if (cart.items.length === 0) return null

  const toLogin = () => location.assign(loginAddress(loginPath, cartPath))
  const startCheckout = () =>
    checkout({ cart, shops }, signedIn, {
      dispatch,
      selectShop: (shop) => eshopCart.selectShop(shop),
      focusShopChoice: () => shopSelect.current?.focus(),
      toLogin,
      verifyStock: (params) => islandApi.eshop.verifyStock({ params }),
    })

  const initialize = (options?: { couponCode?: string | undefined }) =>
    initializeEshopPayment(
      () =>
        islandApi.payment.initialize({
          body: eshopPaymentBody(
            state.shopId ?? priced.shop,
            eshopCart.$cart.get().items,
            options?.couponCode,
          ),
        }),
      toLogin,
    )

  const paid = async ({ orderId, amountDue }: PaymentSuccess) => {
    eshopCart.selectShop(null)
    const order = await orderNumber(orderId, (id) => islandApi.eshop.myOrder({ params: { id } }))
    dispatch({ type: 'ordered', order, dueAtShop: amountDue ?? null })
  }

  if (step === 'payment') {
    return (
      <EshopPayment
        t={t}
        props={props}
        lines={cart.items}
        coupon={state.coupon}
        titleId={titleId}
        heading={heading}
        initialize={initialize}
        onPaid={paid}
        dispatch={dispatch}
      />
    )
  }
  return (
    <EshopCartStep
      t={t}
      props={props}
      priced={priced}
      state={state}
      signedIn={signedIn}
      titleId={titleId}
      heading={heading}
      shopSelect={shopSelect}
      onCheckout={() => void startCheckout()}
      dispatch={dispatch}
    />
  )
}
