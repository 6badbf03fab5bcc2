import { useId } from 'react'
import type { Locale } from '#i18n/index'
import { useStudioText } from '../studio-text'
import type { PostDraft } from './post-queries'
import type { PickedImage } from './RichTextEditor'

/**
 * The post's cover (docs/decisions/091-responsive-media-images.md): picked from the media
 * library (its alt texts come with it, one per language, editable here) or an address typed
 * in. The site draws a library picture as a responsive <picture>, with the alt of the page's
 * language; `onPick` is the library's picker, absent where none is wired.
 */
export function PostCover({
  draft,
  locales,
  onChange,
  onPick,
}: {
  draft: PostDraft
  locales: readonly Locale[]
  onChange: (draft: PostDraft) => void
  onPick?: (() => Promise<PickedImage | undefined>) | undefined
}) {
  const { t } = useStudioText()
  const id = useId()
  const cover = draft.images[0]
  const setCover = (image: PostDraft['images'][number] | undefined) =>
    onChange({ ...draft, images: image ? [image] : [] })
  const pick = async () => {
    const image = await onPick?.()
    if (!image) return
    const alts = image.alts ?? {}
    const alt = Object.fromEntries(locales.map((code) => [code, alts[code] ?? image.alt]))
    setCover({ url: image.url, alt })
  }
  return (
    <fieldset className="studio-post-cover">
      <legend>{t('studio.posts.coverHeading')}</legend>
      {onPick && (
        <button type="button" onClick={() => void pick()}>
          {t('studio.posts.coverPick')}
        </button>
      )}
      <label htmlFor={`${id}-url`}>{t('studio.posts.cover')}</label>
      <input
        id={`${id}-url`}
        type="url"
        value={cover?.url ?? ''}
        onChange={(e) =>
          setCover(e.target.value === '' ? undefined : { ...cover, url: e.target.value })
        }
      />
      {cover &&
        locales.map((code) => (
          <span key={code}>
            <label htmlFor={`${id}-alt-${code}`}>
              {t('studio.posts.coverAlt', { language: t(`studio.posts.language.${code}`) })}
            </label>
            <input
              id={`${id}-alt-${code}`}
              value={cover.alt?.[code] ?? ''}
              onChange={(e) =>
                setCover({ ...cover, alt: { ...cover.alt, [code]: e.target.value } })
              }
            />
          </span>
        ))}
      {cover && (
        <button type="button" onClick={() => setCover(undefined)}>
          {t('studio.posts.coverRemove')}
        </button>
      )}
    </fieldset>
  )
}
