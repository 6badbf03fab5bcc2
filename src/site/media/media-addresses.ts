/**
 * The image addresses a tenant's content holds, for the build to ask the API which are library
 * pictures (docs/decisions/091-responsive-media-images.md). The whole pulled data is walked, so
 * a new image field needs no change here: an address ending in a stored format, and the src of
 * every <img> in tenant HTML. The API answers only its own library's; the rest stay plain.
 */
const IMAGE_ADDRESS = /^(?:https?:\/\/|\/(?!\/))[^\s"'<>]+\.(?:avif|webp|jpe?g|png)$/i
const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi

export function imageAddresses(data: unknown): string[] {
  const found = new Set<string>()
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (IMAGE_ADDRESS.test(value)) found.add(value)
      if (value.includes('<img')) {
        for (const match of value.matchAll(IMG_SRC)) {
          const src = (match[1] ?? match[2] ?? '').replaceAll('&amp;', '&')
          if (IMAGE_ADDRESS.test(src)) found.add(src)
        }
      }
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item)
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) visit(item)
    }
  }
  visit(data)
  return [...found]
}

/** Lists cut to the call's limit (MAX_RESOLVE_URLS), so a large magazine is a few calls. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
