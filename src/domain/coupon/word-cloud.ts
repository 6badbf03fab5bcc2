import { WORD_CLOUD } from '#contract/constants'
import { currentItems, type InstantLike } from '../content/current-items'

export interface CloudWord {
  text: string
  /** 4 (smallest) to 16 (largest) */
  size: number
  /** colour step: 0 below 8, 1 from 8 below 13, 2 from 13 */
  tone: 0 | 1 | 2
}

/** The coupon fields the cloud reads (docs/product/3-entities.md Coupon). */
export interface CloudCouponLike {
  active?: boolean | undefined
  word?: string | null | undefined
  start?: InstantLike | null | undefined
  end?: InstantLike | null | undefined
}

/**
 * The words of the home pop-up's cloud (docs/product/2-screens.md): each active coupon's word, else its amount as
 * `amountOf` writes it ('-15 %', '-10,00 €'), coupons without dates always valid, dated ones
 * only while current; each word once. No coupon gives `fallback` (the word PROMO).
 */
export function couponWords<T extends CloudCouponLike>(
  coupons: readonly T[],
  now: InstantLike,
  amountOf: (coupon: T) => string,
  fallback = 'PROMO',
): string[] {
  const dated = coupons.filter((coupon) => coupon.start && coupon.end)
  const current = new Set<T>(currentItems(dated, now))
  const valid = coupons.filter(
    (coupon) => coupon.active !== false && (current.has(coupon) || !(coupon.start && coupon.end)),
  )
  const words = valid.map((coupon) => coupon.word?.trim() || amountOf(coupon).trim())
  const unique = [...new Set(words.filter((word) => word !== ''))]
  return unique.length > 0 ? unique : [fallback]
}

export function toneOf(size: number): 0 | 1 | 2 {
  const [first, second] = WORD_CLOUD.colourSteps
  return size < first ? 0 : size < second ? 1 : 2
}

/**
 * The cloud's layout (docs/product/9-constants.md): 13 words, the given words repeated in turn, sized 16 down to 4 (each
 * size once: 13 words, 13 sizes), then placed from the centre outwards, alternately after and
 * before, so the largest word sits in the middle and the smallest at the edges. Deterministic:
 * the same words always give the same cloud, on the server and in the browser.
 */
export function wordCloud(words: readonly string[]): CloudWord[] {
  const source = words.map((word) => word.trim()).filter((word) => word !== '')
  if (source.length === 0) return []
  const sized: CloudWord[] = Array.from({ length: WORD_CLOUD.words }, (_, index) => {
    const size = WORD_CLOUD.maxSize - index
    return { text: source[index % source.length] as string, size, tone: toneOf(size) }
  })
  const placed: CloudWord[] = []
  sized.forEach((word, index) => {
    if (index % 2 === 0) placed.push(word)
    else placed.unshift(word)
  })
  return placed
}
