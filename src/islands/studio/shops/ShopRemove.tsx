import { useState } from 'react'
import { ApiError } from '#api/errors'
import type { Shop } from '#contract/shop'
import { useStudioText } from '../studio-text'

const REASONS = ['lastShop', 'shopHasFutureVisits', 'shopHasUnpaidBills'] as const

/** Why the server kept the shop, when it said (the rule is shopRemovalVerdict). */
export function removalRefusal(error: unknown): (typeof REASONS)[number] | 'failed' {
  if (!(error instanceof ApiError)) return 'failed'
  return REASONS.find((reason) => reason === error.type) ?? 'failed'
}

/**
 * Removing a shop, the owner's (docs/decisions/094-shop-lifecycle.md): asked twice, since the
 * site loses its page at the next publish. The screen runs the removal (the shop leaves its list
 * at once, comes back with the reason when the server keeps it).
 */
export function ShopRemove({
  shop,
  pending,
  onRemove,
}: {
  shop: Shop
  pending: boolean
  onRemove: () => void
}) {
  const { t } = useStudioText()
  const [asking, setAsking] = useState(false)
  const name = shop.publicInfo.name
  return (
    <div>
      <p className="studio-hint">{t('studio.shops.removal.hint')}</p>
      <div className="studio-shop-tools">
        {asking ? (
          <>
            <button
              type="button"
              disabled={pending}
              onClick={() => {
                setAsking(false)
                onRemove()
              }}
            >
              {t('studio.shops.removal.confirm', { name })}
            </button>
            <button type="button" onClick={() => setAsking(false)}>
              {t('studio.shops.cancel')}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setAsking(true)}>
            {t('studio.shops.removal.ask', { name })}
          </button>
        )}
      </div>
    </div>
  )
}
