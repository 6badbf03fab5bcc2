import { foldText } from './fold-text'

/** The Shop fields the search reads (docs/product/3-entities.md Shop.publicInfo). */
export interface SearchableShopLike {
  publicInfo?:
    | {
        name?: string | null | undefined
        address?:
          | {
              address?: string | null | undefined
              city?: string | null | undefined
              country?: string | null | undefined
              zipcode?: string | number | null | undefined
            }
          | null
          | undefined
      }
    | null
    | undefined
}

const DIGITS = /^\d+$/

function zipOf(shop: SearchableShopLike): string {
  return String(shop.publicInfo?.address?.zipcode ?? '').replace(/\s/g, '')
}

function haystackOf(shop: SearchableShopLike): string[] {
  const info = shop.publicInfo
  const address = info?.address
  return [info?.name, address?.city, address?.country, address?.address].map(foldText)
}

/**
 * Shops matching the search text (docs/product/5-rules.md), in their given order.
 * - Digits only (spaces ignored, '75 001' is '75001'): zipcode prefix; when nothing matches, the
 *   first two digits are used, which widens the search to the department.
 * - Anything else: name, city, country or address contain the text, ignoring case and accents.
 *   Each word must be found in one of those fields, so 'spa lyon' finds the spa in Lyon.
 * - Empty text filters nothing.
 */
export function matchShops<T extends SearchableShopLike>(shops: readonly T[], text: string): T[] {
  const compact = text.replace(/\s/g, '')
  if (compact === '') return [...shops]
  if (DIGITS.test(compact)) {
    const byZip = shops.filter((shop) => zipOf(shop).startsWith(compact))
    if (byZip.length > 0 || compact.length <= 2) return byZip
    const department = compact.slice(0, 2)
    return shops.filter((shop) => zipOf(shop).startsWith(department))
  }
  const words = foldText(text).split(' ')
  return shops.filter((shop) => {
    const fields = haystackOf(shop)
    return words.every((word) => fields.some((field) => field.includes(word)))
  })
}
