/**
 * The content codings this product sends, best first: brotli compresses text about a fifth
 * smaller than gzip, so it wins whenever the client accepts both (docs/decisions/026-*).
 */
export const ENCODINGS = ['br', 'gzip'] as const
export type Encoding = (typeof ENCODINGS)[number]

/** The q-value of each coding named in an Accept-Encoding header (RFC 9110 12.5.3). */
function weights(header: string): Map<string, number> {
  const out = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    if (name === '') continue
    let q = 1
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param)
      if (match) q = Number(match[1])
    }
    out.set(name, Number.isFinite(q) ? q : 0)
  }
  return out
}

/**
 * The coding to answer with, among `available`, for a request's Accept-Encoding: the one with
 * the highest q-value above 0 (ties: brotli first), `*` standing for any coding not named;
 * undefined (identity) without the header or when none is acceptable.
 */
export function pickEncoding(
  header: string | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding | undefined {
  if (!header) return undefined
  const q = weights(header)
  let best: Encoding | undefined
  let bestQ = 0
  for (const coding of ENCODINGS) {
    if (!available.includes(coding)) continue
    const weight = q.get(coding) ?? q.get('*') ?? 0
    if (weight > bestQ) {
      best = coding
      bestQ = weight
    }
  }
  return best
}
