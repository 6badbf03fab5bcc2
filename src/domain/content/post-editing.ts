/**
 * Pure rules of the studio's post editor (docs/decisions/082-post-preview.md): the slug made
 * from a title, and how a search result would show the title and description.
 */

/** The contract's slug (src/contract/common.ts): lower-case words of a-z and 0-9 joined by '-'. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

const SLUG_MAX = 80

/** A slug from any title: accents dropped, anything else between words one '-'; '' when none. */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[œ]/g, 'oe')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`
    if (next.length > SLUG_MAX) break
    slug = next
  }
  return slug === '' && words[0] ? words[0].slice(0, SLUG_MAX) : slug
}

export const isSlug = (value: string): boolean => SLUG_PATTERN.test(value)

/**
 * What a search result shows before it cuts (characters, the usual budget of a result line);
 * below `short` the text says too little.
 */
export const SEARCH_RESULT = {
  title: { short: 15, max: 60 },
  description: { short: 50, max: 160 },
} as const

export type LengthHint = 'empty' | 'short' | 'good' | 'long'

export function lengthHint(text: string, field: keyof typeof SEARCH_RESULT): LengthHint {
  const length = [...text.trim()].length
  const { short, max } = SEARCH_RESULT[field]
  if (length === 0) return 'empty'
  if (length < short) return 'short'
  return length > max ? 'long' : 'good'
}

/** The text as a result shows it: cut at the budget on a word when one is near, with an ellipsis. */
export function resultText(text: string, field: keyof typeof SEARCH_RESULT): string {
  const clean = text.trim().replace(/\s+/g, ' ')
  const chars = [...clean]
  const { max } = SEARCH_RESULT[field]
  if (chars.length <= max) return clean
  const cut = chars.slice(0, max - 1).join('')
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}
