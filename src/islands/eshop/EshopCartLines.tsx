import { useEffect, useState } from 'react'
import { parseQuantity } from '#domain/eshop/stock-state'
import type { EntityId } from '#domain/ids'
import type { AppTranslator } from '#i18n/messages'
import type { EshopProductLine } from '#stores/eshop-cart'

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

/** The cart's lines: image, name and unit price, quantity, line price, remove. */
export function EshopCartLines(props: {
  t: AppTranslator
  lines: readonly (EshopProductLine & { quantity: number })[]
  idPrefix: string
  defaultImage: string | undefined
  disabled: boolean
  price(minor: number): string
  onQuantity(id: EntityId, quantity: number): void
  onRemove(id: EntityId): void
}) {
  const { t, price, disabled } = props
  return (
    <ul className="shop-cart__lines">
      {props.lines.map((line) => {
        const image = line.image || props.defaultImage
        const quantityId = `${props.idPrefix}-q-${String(line.id)}`
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
                disabled={disabled}
                onQuantity={(value) => props.onQuantity(line.id, value)}
              />
            </div>
            <span className="shop-cart__price" data-price={line.price * line.quantity}>
              {price(line.price * line.quantity)}
            </span>
            <button
              type="button"
              className="shop-cart__remove"
              disabled={disabled}
              aria-label={t.t('cart.removeItem', { name: line.name })}
              onClick={() => props.onRemove(line.id)}
            >
              ×
            </button>
          </li>
        )
      })}
    </ul>
  )
}
