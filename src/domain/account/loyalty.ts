/**
 * The loyalty card's tiers as the card page shows them (docs/product/3-entities.md palier): in ascending points,
 * each reached or with the points still missing. The server stays the judge of an exchange
 * (409 notEnoughPoints when short): the page offers every tier and shows the refusal.
 */
export interface TierLike {
  id: string
  points: number
}

export interface TierProgress<T extends TierLike> {
  tier: T
  reached: boolean
  /** points still missing, 0 once reached */
  missing: number
  /** 0–100, how far the balance goes towards this tier */
  percent: number
}

export function tierProgress<T extends TierLike>(
  points: number,
  tiers: readonly T[],
): TierProgress<T>[] {
  const balance = Math.max(0, Math.floor(points))
  return [...tiers]
    .sort((a, b) => a.points - b.points || a.id.localeCompare(b.id))
    .map((tier) => {
      const missing = Math.max(0, tier.points - balance)
      const percent =
        tier.points <= 0 ? 100 : Math.min(100, Math.floor((balance / tier.points) * 100))
      return { tier, reached: missing === 0, missing, percent }
    })
}

/** The first tier not reached yet: what the card page says the customer is working towards. */
export function nextTier<T extends TierLike>(
  progress: readonly TierProgress<T>[],
): TierProgress<T> | undefined {
  return progress.find((entry) => !entry.reached)
}
