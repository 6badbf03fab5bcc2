import { useQuery } from '@tanstack/react-query'
import type { Locale } from '#i18n/index'
import { islandApi } from '#islands/shared/island-api'
import { useStudioText } from '../studio-text'
import { marketingKeys } from './marketing-queries'

/** An address the library may hold: the stored formats only (a typed address is asked once). */
const STORED = /^(?:https?:\/\/|\/(?!\/))\S+\.(?:avif|webp|jpe?g|png)$/i

/**
 * What the carousel says of an event's picture (docs/decisions/095-event-images.md): the
 * library's alt texts, required in every language at upload (decision 081), which the site
 * shows in each page's language; or, for an address not from the library, that the site shows
 * it undescribed. Asked through the public resolve call the site build uses.
 */
export function EventPictureAlt({ url, locales }: { url: string; locales: readonly Locale[] }) {
  const { t } = useStudioText()
  const resolved = useQuery({
    queryKey: [...marketingKeys.events, 'picture', url],
    queryFn: async () => (await islandApi.media.resolve({ body: { urls: [url] } }))[0] ?? null,
    enabled: STORED.test(url),
    staleTime: Number.POSITIVE_INFINITY,
  })
  if (STORED.test(url) && !resolved.isSuccess) return null
  const media = resolved.data
  if (!media) return <p role="note">{t('studio.marketing.events.notFromLibrary')}</p>
  return (
    <div role="note">
      <p>{t('studio.marketing.events.altFromLibrary')}</p>
      <dl className="studio-marketing__alts">
        {locales.map((code) => (
          <div key={code}>
            <dt>{t('studio.media.alt', { language: t(`studio.consent.lang.${code}`) })}</dt>
            <dd lang={code}>{media.alt[code] || '–'}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
