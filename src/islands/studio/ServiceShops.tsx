import type { Shop } from '#contract/shop'
import type { ShopOffer } from '#domain/studio/service-form'
import { useStudioText } from './studio-text'

/** Per shop: offered online there or not, and its own price (empty: the list price). */
export function ServiceShops({
  shops,
  offers,
  onChange,
}: {
  shops: readonly Shop[]
  offers: Readonly<Record<string, ShopOffer>>
  onChange: (offers: Record<string, ShopOffer>) => void
}) {
  const { t } = useStudioText()
  const change = (shopId: string, offer: Partial<ShopOffer>) => {
    const before = offers[shopId] ?? { offered: false, price: '' }
    onChange({ ...offers, [shopId]: { ...before, ...offer } })
  }
  return (
    <fieldset className="studio-service-shops">
      <legend>{t('studio.catalogue.shops')}</legend>
      {shops.map((shop) => {
        const offer = offers[shop.id] ?? { offered: false, price: '' }
        const name = shop.publicInfo.name
        return (
          <div key={shop.id} className="studio-service-shop">
            <label className="studio-check">
              <input
                type="checkbox"
                name={`offered-${shop.id}`}
                checked={offer.offered}
                onChange={(e) => change(shop.id, { offered: e.target.checked })}
              />
              {t('studio.catalogue.offeredAt', { shop: name })}
            </label>
            <label>
              {t('studio.catalogue.shopPrice', { shop: name })}
              <input
                name={`price-${shop.id}`}
                inputMode="decimal"
                disabled={!offer.offered}
                value={offer.price}
                onChange={(e) => change(shop.id, { price: e.target.value })}
              />
            </label>
          </div>
        )
      })}
    </fieldset>
  )
}
