import { useRef } from 'react'
import type { MoneySettingsLike } from '#domain/money/format-money'
import { formatMoney } from '#domain/money/format-money'
import type { AppTranslator } from '#i18n/messages'
import type { MiniCartLine, MiniCart as MiniCartValue } from './mini-cart-state'

interface Props {
  id: string
  t: AppTranslator
  cart: MiniCartValue
  cartHref: string
  defaultImage?: string | undefined
  money: MoneySettingsLike
  onRemove(line: MiniCartLine): void
}

/**
 * docs/product/2-screens.md "Mini cart": the booking lines then the e-shop lines, with image (the default image when the product has none), name,
 * quantity, line price and remove; total incl. tax; 'Votre panier est vide.'; the cart page link.
 * A removed line takes its button away: the focus goes to the panel, not to the page's start.
 */
export function MiniCart({ id, t, cart, cartHref, defaultImage, money, onRemove }: Props) {
  const price = (minor: number) => formatMoney(minor, t.locale, money)
  const panel = useRef<HTMLElement>(null)
  return (
    <section
      id={id}
      ref={panel}
      tabIndex={-1}
      className="mini-cart__panel"
      aria-label={t.t('cart.title')}
    >
      {cart.lines.length === 0 ? (
        <p>{t.t('cart.empty')}</p>
      ) : (
        <ul className="mini-cart__lines">
          {cart.lines.map((line) => {
            const image = line.image || defaultImage
            return (
              <li key={line.key} className="mini-cart__line" data-kind={line.kind}>
                {image ? (
                  <img src={image} alt="" width="48" height="48" loading="lazy" />
                ) : (
                  <span className="mini-cart__no-image" aria-hidden="true" />
                )}
                <span className="mini-cart__name">{line.name}</span>
                <span>{t.t('cart.quantityValue', { count: line.quantity })}</span>
                <span className="mini-cart__price" data-price={line.total}>
                  {price(line.total)}
                </span>
                <button
                  type="button"
                  className="mini-cart__remove"
                  aria-label={t.t('cart.removeItem', { name: line.name })}
                  onClick={() => {
                    onRemove(line)
                    panel.current?.focus()
                  }}
                >
                  ×
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <p className="mini-cart__total">
        {t.t('cart.total')} <strong data-price={cart.total}>{price(cart.total)}</strong>
      </p>
      <a className="button" href={cartHref}>
        {t.t('cart.goToCart')}
      </a>
    </section>
  )
}
