import { type FormEvent, useId, useState } from 'react'
import type { Shop } from '#contract/shop'
import { parseUnits } from '#domain/studio/product-form'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { useSetShopStock, useShopStock } from './use-products'

/**
 * A product's units at each shop the user may stock (the owner every shop, a manager theirs;
 * docs/decisions/088-studio-products-and-service-options.md). A shop without a count sells
 * none. A count shows at once and comes back as it was when the server refuses it.
 */
export function ProductStock({
  productId,
  productName,
  shops,
  onClose,
}: {
  productId: string
  productName: string
  shops: readonly Shop[]
  onClose: () => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const stock = useShopStock(productId)
  const set = useSetShopStock(productId)
  return (
    <section className="studio-product-stock" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.products.stockHeading', { name: productName })}</h2>
      {stock.isError ? (
        <Retry message={t('studio.products.loadError')} onRetry={() => void stock.refetch()} />
      ) : stock.isPending ? (
        <Loading message={t('studio.loading')} />
      ) : (
        <ul className="studio-stock-shops">
          {shops.map((shop) => (
            <li key={shop.id}>
              <ShopUnitsForm
                shop={shop}
                units={stock.data.find((s) => s.shopId === shop.id)?.quantity}
                onSave={(quantity) => set.mutate({ shopId: shop.id, quantity })}
                pending={set.isPending && set.variables?.shopId === shop.id}
              />
            </li>
          ))}
        </ul>
      )}
      {set.isError && (
        <p role="alert" className="studio-error">
          {t('studio.products.stockError')}
        </p>
      )}
      <button type="button" onClick={onClose}>
        {t('studio.products.close')}
      </button>
    </section>
  )
}

function ShopUnitsForm({
  shop,
  units,
  onSave,
  pending,
}: {
  shop: Shop
  units: number | undefined
  onSave: (quantity: number) => void
  pending: boolean
}) {
  const { t } = useStudioText()
  const inputId = useId()
  const [text, setText] = useState(units === undefined ? '' : String(units))
  const [invalid, setInvalid] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const quantity = parseUnits(text)
    setInvalid(quantity === undefined)
    if (quantity !== undefined) onSave(quantity)
  }
  return (
    <form onSubmit={submit} className="studio-stock-form">
      <label htmlFor={inputId}>
        {t('studio.products.unitsAt', { shop: shop.publicInfo.name })}
      </label>
      <input
        id={inputId}
        inputMode="numeric"
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${inputId}-e` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" disabled={pending}>
        {t('studio.products.saveUnits', { shop: shop.publicInfo.name })}
      </button>
      <output aria-live="polite">
        {units === undefined
          ? t('studio.products.noUnits')
          : t('studio.products.units', { n: units })}
      </output>
      {invalid && (
        <p id={`${inputId}-e`} role="alert" className="studio-error">
          {t('studio.products.fieldErrors.units')}
        </p>
      )}
    </form>
  )
}
