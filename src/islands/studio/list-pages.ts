/** The largest page the list calls serve (src/contract/query.ts pageQuery). */
export const LARGEST_PAGE = 100

interface Page<T> {
  readonly items: readonly T[]
  readonly total: number
}

/**
 * Every row of a paged list, page after page at the largest size: what a CSV of the filtered
 * list holds (every page, not the one on screen).
 */
export async function everyPage<T>(read: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const first = await read(1)
  const pages = Math.ceil(first.total / LARGEST_PAGE)
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => read(i + 2)),
  )
  return [first, ...rest].flatMap((page) => [...page.items])
}
