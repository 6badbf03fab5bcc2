/**
 * A random sample of a list (docs/product/9-constants.md: the random product sample, its size
 * given by the caller), drawn by a partial Fisher-Yates shuffle: every item is equally likely,
 * none twice, the list itself untouched. The draw is a parameter so a page built from the same
 * data can draw the same sample (a seed per page, `seededRandom`): a rebuild that changes nothing
 * else changes no page (docs/decisions/064-error-page-preview-and-shop-times.md).
 */
export function randomSample<T>(
  items: readonly T[],
  size: number,
  random: () => number = Math.random,
): T[] {
  const pool = [...items]
  const count = Math.max(0, Math.min(Math.floor(size), pool.length))
  for (let i = 0; i < count; i += 1) {
    // random() is in [0, 1); the min guards a draw of exactly 1 from a custom source
    const j = i + Math.min(pool.length - i - 1, Math.floor(random() * (pool.length - i)))
    const picked = pool[j] as T
    pool[j] = pool[i] as T
    pool[i] = picked
  }
  return pool.slice(0, count)
}

/** A draw in [0, 1) from a text seed: FNV-1a hashes the text, mulberry32 draws from it. */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5
  for (let i = 0; i < seed.length; i += 1) {
    state ^= seed.charCodeAt(i)
    state = Math.imul(state, 0x01000193)
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
