import { useStore } from '@nanostores/react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { priceAtShop } from '#domain/catalog/shop-prices'
import { checkQuantity, parseQuantity, stockState } from '#domain/eshop/stock-state'
import { sameId } from '#domain/ids'
import { eshopCart } from '#stores/browser'
import type { EshopProductLine } from '#stores/eshop-cart'
import { announceNeed } from '../loading/needs'
import { islandApi } from '../shared/island-api'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'

export interface AddToCartProduct {
  id: string
  /** back-office id (docs/product/3-entities.md e-shop cart item abId) */
  abId?: string | undefined
  name: string
  /** the name in each enabled language, kept on the cart line (src/domain/cart/line-name.ts) */
  names?: Readonly<Record<string, string>> | undefined
  /** unit price incl. tax, minor units, as displayed (the lowest when the shops differ) */
  price: number
  image?: string | undefined
}

interface Props extends TranslatedProps {
  product: AddToCartProduct
  /** the only shop of a mono company: selected with the first product added */
  shopId?: string | undefined
  /** shop id -> unit price there (unitPrice, decision 011): the line is priced at the cart's shop */
  shopPrices?: Readonly<Record<string, number>> | undefined
  cartHref: string
}

/**
 * The product page's quantity and add-to-cart (docs/product/2-screens.md /boutique/article): the stock comes from
 * GET stock/{id}/{qty} (0 on failure, docs/product/8-errors.md), a quantity beyond what is left (the cart's units
 * included) is refused with a message, an added product wakes the header's cart button.
 */
export default function AddToCart({ product, shopId, shopPrices, cartHref, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const cart = useStore(eshopCart.$cart)
  const [stock, setStock] = useState<number | null>(null)
  const [quantity, setQuantity] = useState('1')
  const [error, setError] = useState<string | null>(null)
  const [added, setAdded] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const inputId = useId()
  const errorId = useId()
  const stockId = useId()

  const inCart = mounted
    ? (cart.items.find((line) => sameId(line.id, product.id))?.quantity ?? 0)
    : 0
  const lookUp = () => islandApi.eshop.stock({ params: { id: product.id, qty: '1' } })

  useEffect(() => {
    let live = true
    void islandApi.eshop
      .stock({ params: { id: product.id, qty: '1' } })
      .then((units) => live && setStock(units))
    return () => {
      live = false
    }
  }, [product.id])

  const state = stock === null ? null : stockState(stock)
  const stockText =
    state === null
      ? t.t('eshop.stockChecking')
      : state === 'out'
        ? t.t('eshop.outOfStock')
        : state === 'low'
          ? t.tn('eshop.lowStock', stock ?? 0)
          : t.t('eshop.inStock')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setAdded(null)
    const wanted = parseQuantity(quantity)
    if (wanted === null) {
      setError(t.t('eshop.quantityInvalid'))
      return
    }
    setBusy(true)
    const units = await lookUp()
    setBusy(false)
    setStock(units)
    const check = checkQuantity(wanted, inCart, units)
    if (!check.ok) {
      setError(
        check.reason === 'outOfStock'
          ? t.t('eshop.outOfStock')
          : check.reason === 'invalid'
            ? t.t('eshop.quantityInvalid')
            : check.max > 0
              ? t.tn('eshop.maxMore', check.max)
              : t.t('eshop.noMore'),
      )
      return
    }
    setError(null)
    if (shopId && eshopCart.$cart.get().shopId === null) eshopCart.selectShop(shopId)
    const cartShop = eshopCart.$cart.get().shopId
    // docs/product/3-entities.md e-shop cart item: abId and abIdShop travel with the line
    const line: EshopProductLine & { abId?: string; abIdShop?: string } = {
      id: product.id,
      name: product.name,
      ...(product.names ? { names: product.names } : {}),
      // what the server will charge at the cart's shop, once one is chosen
      price: (cartShop === null ? undefined : priceAtShop(shopPrices, cartShop)) ?? product.price,
      image: product.image ?? null,
      ...(product.abId ? { abId: product.abId } : {}),
      ...(shopId ? { abIdShop: shopId } : {}),
    }
    eshopCart.add(line, check.quantity)
    announceNeed('cart')
    setAdded(check.quantity)
    setQuantity('1')
  }

  const out = state === 'out'
  return (
    <form className="add-to-cart" noValidate onSubmit={(event) => void submit(event)}>
      <p id={stockId} className={`add-to-cart__stock add-to-cart__stock--${state ?? 'unknown'}`}>
        {stockText}
      </p>
      {mounted && inCart > 0 && (
        <p className="add-to-cart__in-cart">{t.tn('eshop.inCart', inCart)}</p>
      )}
      <div className="add-to-cart__row">
        <div className="shop-field">
          <label htmlFor={inputId}>{t.t('eshop.quantity')}</label>
          <input
            id={inputId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={quantity}
            disabled={out}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${stockId}` : stockId}
            onChange={(event) => {
              setQuantity(event.target.value)
              setError(null)
            }}
          />
        </div>
        {/* disabled until hydrated: before, the form would submit natively (a GET of this page
            with ?quantity=1) and the click would be lost; a disabled default button also stops
            Enter in the quantity field from submitting */}
        <button type="submit" className="button" disabled={!mounted || out || busy}>
          {t.t('eshop.addToCart')}
        </button>
      </div>
      <div role="alert" className="shop-error" id={errorId}>
        {error}
      </div>
      <div role="status" className="add-to-cart__added">
        {added !== null && (
          <>
            {t.tn('eshop.addedCount', added)} <a href={cartHref}>{t.t('cart.goToCart')}</a>
          </>
        )}
      </div>
    </form>
  )
}
