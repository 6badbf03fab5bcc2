import { shownDistance } from '#domain/search/distance'
import type { AppTranslator } from '#i18n/messages'
import { recordShopVisit } from './recent-visits'
import type { ShopResult } from './search-state'

const ARROW = 'M9 5l7 7-7 7'
export const TARGET =
  'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm8.94 3A9 9 0 0 0 13 3.06V1h-2v2.06A9 9 0 0 0 3.06 11H1v2h2.06A9 9 0 0 0 11 20.94V23h2v-2.06A9 9 0 0 0 20.94 13H23v-2h-2.06zM12 19a7 7 0 1 1 0-14 7 7 0 0 1 0 14z'

export function Svg({ path, stroke = false }: { path: string; stroke?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={path}
        fill={stroke ? 'none' : 'currentColor'}
        stroke={stroke ? 'currentColor' : 'none'}
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

function distanceText(t: AppTranslator, km: number): string {
  const { unit, value } = shownDistance(km * 1000)
  return unit === 'm'
    ? t.t('mkp.search.distanceM', { distance: value })
    : t.t('mkp.search.distanceKm', { distance: value })
}

interface ShopCardProps {
  t: AppTranslator
  result: ShopResult
  /** 'last visit' or 'visit' in the recent shops */
  tag?: string | undefined
}

/**
 * A shop of the search: its picture, name, address and distance (or zip code); a link with an
 * arrow only when online booking is open, and opening it records the visit (docs/product/9-constants.md cookie).
 */
export function ShopCard({ t, result: { shop, distanceKm }, tag }: ShopCardProps) {
  const { name, address } = shop.publicInfo
  const where =
    distanceKm !== null
      ? distanceText(t, distanceKm)
      : t.t('mkp.search.zip', { zipcode: address.zipcode })
  const body = (
    <>
      {shop.image && <img src={shop.image} alt="" width={96} height={72} loading="lazy" />}
      <span className="shop-result__text">
        {tag && <span className="shop-result__tag">{tag}</span>}
        <strong className="shop-result__name">{name}</strong>
        <span>
          {address.address}, {address.city}, {address.country}
        </span>
        <span>{where}</span>
        {!shop.active && (
          <span className="shop-result__unavailable">{t.t('mkp.search.onlineUnavailable')}</span>
        )}
      </span>
    </>
  )
  return (
    <li>
      {shop.active ? (
        <a
          className="shop-result shop-result--link"
          href={shop.href}
          onClick={() => recordShopVisit(String(shop.id))}
        >
          {body}
          <span className="shop-result__arrow">
            <Svg path={ARROW} stroke />
          </span>
        </a>
      ) : (
        <div className="shop-result">{body}</div>
      )}
    </li>
  )
}
