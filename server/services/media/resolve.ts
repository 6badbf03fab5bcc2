import { and, eq, inArray } from 'drizzle-orm'
import type { SiteMedia } from '#contract/media.ts'
import { MEDIA_KEY_PATTERN } from '#domain/media/rules.ts'
import { medias } from '#server/db/schema/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { mediaView } from './library.ts'

type Deps = Pick<ServiceDeps, 'db' | 'config'>

/**
 * The content hash an address of this company's library names, or undefined: the address is
 * the public base then a key (docs/decisions/081-media-storage.md) whose prefix is the company.
 */
export function hashOfUrl(base: string, companyId: number, url: string): string | undefined {
  if (!url.startsWith(`${base}/`)) return undefined
  const key = url.slice(base.length + 1)
  if (!MEDIA_KEY_PATTERN.test(key) || !key.startsWith(`c${companyId}/`)) return undefined
  return key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('-'))
}

/**
 * The library pictures behind page addresses, for the site build (decision 091): only this
 * company's, only those an address names (a content hash nobody guesses), each once.
 */
export async function resolveMedia(
  deps: Deps,
  companyId: number,
  urls: readonly string[],
): Promise<SiteMedia[]> {
  const base = deps.config.media.publicBase
  const hashes = [...new Set(urls.flatMap((url) => hashOfUrl(base, companyId, url) ?? []))]
  if (hashes.length === 0) return []
  const rows = await deps.db
    .select()
    .from(medias)
    .where(and(eq(medias.companyId, companyId), inArray(medias.hash, hashes)))
  const wanted = new Set(urls)
  return rows
    .map((row) => mediaView(deps, row))
    .filter((m) => m.variants.some((v) => wanted.has(v.url)))
    .map(({ width, height, variants, alt }) => ({ width, height, variants, alt }))
}
