import type { Media } from '#contract/media'

/**
 * A library picture as the site draws it: a <picture> with the modern formats first, the
 * fallback's widths in srcset, the alt text of the studio's language.
 */
export function MediaImage({ media, alt, sizes }: { media: Media; alt: string; sizes: string }) {
  const fallback = media.sources.at(-1)
  return (
    <picture>
      {media.sources.slice(0, -1).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={media.url}
        srcSet={fallback?.srcset}
        sizes={sizes}
        alt={alt}
        width={media.width}
        height={media.height}
        loading="lazy"
        decoding="async"
      />
    </picture>
  )
}
