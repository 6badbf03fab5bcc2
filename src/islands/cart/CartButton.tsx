import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'
import type { MoneySettingsLike } from '#domain/money/format-money'
import { bookingCart, eshopCart } from '#stores/browser'
import { useMounted } from '../shared/use-mounted'
import { type TranslatedProps, useTranslator } from '../shared/use-translator'
import { CartIcon } from './CartIcon'
import { MiniCart } from './MiniCart'
import { cartButtonShown, miniCart, removeMiniCartLine } from './mini-cart-state'

interface Props extends TranslatedProps {
  cartHref: string
  defaultImage?: string | undefined
  money: MoneySettingsLike
  /** the e-shop is open (src/site shopOn); absent on pages built before it was passed */
  shopOn?: boolean | undefined
}

/**
 * The header's cart button (docs/product/2-screens.md): shown only when the booking cart or the e-shop cart has
 * items, with the count of both; it opens the mini cart of both (./mini-cart-state.ts). Escape or a
 * click outside closes it and gives the focus back.
 */
export default function CartButton({ cartHref, defaultImage, money, shopOn, ...props }: Props) {
  const t = useTranslator(props)
  const mounted = useMounted()
  const booking = useStore(bookingCart.$cart)
  const eshop = useStore(eshopCart.$cart)
  const cart = miniCart(booking, eshop, t.locale, shopOn ?? true)
  const { count } = cart
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    // pointerdown, not click: a click on "remove" lands after its line left the DOM
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  if (!mounted || !cartButtonShown(count, open)) return null
  return (
    <div className="mini-cart" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button cart-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <CartIcon />
        <span className="visually-hidden">{t.tn('a11y.cartButton', count)}</span>
        {count > 0 && (
          <span className="cart-button__count" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      {open && (
        <MiniCart
          id={panelId}
          t={t}
          cart={cart}
          cartHref={cartHref}
          defaultImage={defaultImage}
          money={money}
          onRemove={(line) => removeMiniCartLine(line, { booking: bookingCart, eshop: eshopCart })}
        />
      )}
    </div>
  )
}
