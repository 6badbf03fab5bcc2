import { type FormEvent, useId, useState } from 'react'
import type { Shop } from '#contract/shop'
import type { Locale } from '#i18n/index'
import type { PickedImage } from '../posts/RichTextEditor'
import { useStudioText } from '../studio-text'

type Picture = Shop['images'][number]

/**
 * The shop's pictures (docs/decisions/094-shop-lifecycle.md): chosen from the media library
 * (its alt texts come with it, one per enabled language, editable here), the first one the
 * shop's card and the top of its page. The site draws a library picture as a responsive
 * <picture> (docs/decisions/091-responsive-media-images.md). Without a picker wired, the list can
 * still be reordered, described and emptied.
 */
export function ShopImagesForm({
  shop,
  locales,
  onSave,
  saving,
  onPick,
}: {
  shop: Shop
  locales: readonly Locale[]
  onSave: (shop: Shop) => void
  saving: boolean
  onPick?: (() => Promise<PickedImage | undefined>) | undefined
}) {
  const { t } = useStudioText()
  const id = useId()
  const [images, setImages] = useState<readonly Picture[]>(shop.images)
  const pick = async () => {
    const image = await onPick?.()
    // a picture shows once: picking it again keeps the one there
    if (!image || images.some((shown) => shown.url === image.url)) return
    const alts = image.alts ?? {}
    const alt = Object.fromEntries(locales.map((code) => [code, alts[code] ?? image.alt]))
    setImages([...images, { url: image.url, alt }])
  }
  const change = (index: number, next: Picture | undefined) =>
    setImages(images.flatMap((image, i) => (i !== index ? [image] : next ? [next] : [])))
  const first = (index: number) => {
    const chosen = images[index]
    if (chosen) setImages([chosen, ...images.filter((_, i) => i !== index)])
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSave({ ...shop, images: [...images] })
  }
  const language = (code: Locale) => t(`studio.posts.language.${code}`)
  return (
    <form className="studio-catalogue-form" onSubmit={submit}>
      {images.length === 0 && <p>{t('studio.shops.images.none')}</p>}
      <ol className="studio-shop-images">
        {images.map((image, index) => (
          <li key={image.url}>
            <fieldset>
              <legend>{t('studio.shops.images.picture', { n: index + 1 })}</legend>
              <img src={image.url} alt="" width={160} height={120} loading="lazy" />
              {locales.map((code) => (
                <span key={code}>
                  <label htmlFor={`${id}-${index}-${code}`}>
                    {t('studio.shops.images.alt', { n: index + 1, language: language(code) })}
                  </label>
                  <input
                    id={`${id}-${index}-${code}`}
                    value={image.alt?.[code] ?? ''}
                    onChange={(e) =>
                      change(index, { ...image, alt: { ...image.alt, [code]: e.target.value } })
                    }
                  />
                </span>
              ))}
              {index > 0 && (
                <button type="button" onClick={() => first(index)}>
                  {t('studio.shops.images.first', { n: index + 1 })}
                </button>
              )}
              <button type="button" onClick={() => change(index, undefined)}>
                {t('studio.shops.images.remove', { n: index + 1 })}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="studio-catalogue-actions">
        {onPick && (
          <button type="button" onClick={() => void pick()}>
            {t('studio.shops.images.pick')}
          </button>
        )}
        <button type="submit" disabled={saving}>
          {t('studio.shops.images.save')}
        </button>
      </div>
    </form>
  )
}
