import { COLLABORATOR_RESOURCE_TYPE } from '#contract/constants'
import type { Resource } from '#contract/resource'
import type { Shop } from '#contract/shop'
import type { ShopOffer } from '#domain/studio/service-form'
import { useStudioText } from './studio-text'

/** Per shop: offered online there or not, and its own price (empty: the list price). */
export function ServiceShops({
  shops,
  staff,
  offers,
  onChange,
  performers,
  onPerformers,
}: {
  shops: readonly Shop[]
  staff: readonly Resource[]
  offers: Readonly<Record<string, ShopOffer>>
  onChange: (offers: Record<string, ShopOffer>) => void
  performers: Readonly<Record<string, boolean>>
  onPerformers: (performers: Record<string, boolean>) => void
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
            {offer.offered && (
              <ul
                className="studio-performers"
                aria-label={t('studio.catalogue.performers', { shop: name })}
              >
                {staff
                  .filter((r) => r.shopId === shop.id && r.type === COLLABORATOR_RESOURCE_TYPE)
                  .map((r) => (
                    <li key={r.id}>
                      <label className="studio-check">
                        <input
                          type="checkbox"
                          name={`performer-${r.id}`}
                          // an employee listing no service performs them all
                          checked={r.services.length === 0 || (performers[r.id] ?? false)}
                          disabled={r.services.length === 0}
                          onChange={(e) =>
                            onPerformers({ ...performers, [r.id]: e.target.checked })
                          }
                        />
                        {t('studio.catalogue.performedBy', { name: r.displayName })}
                      </label>
                    </li>
                  ))}
              </ul>
            )}
          </div>
        )
      })}
    </fieldset>
  )
}
