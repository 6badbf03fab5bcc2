import type { SiteMedia } from '#contract/media'
import { altIn, responsivePicture, SLOT_SIZES } from '#domain/media/responsive'

/**
 * The library pictures of sanitised tenant HTML as responsive <picture>s
 * (docs/decisions/091-responsive-media-images.md). It runs on the sanitiser's output, so the
 * tenant policy (src/domain/content/tenant-html.ts) never needs <picture>, <source>, srcset or
 * sizes: a tenant cannot write them, and what is added here comes from the snapshot (addresses
 * the API stored, sizes from the media), every attribute escaped. Other images stay as they are.
 */

/** The sanitiser writes each attribute as name="value" with &, <, > and " escaped. */
const IMG = /<img\b([^>]*?)\s*\/?>/g
const ATTR = /([a-z-]+)="([^"]*)"/g

const decode = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
const attr = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')

/** A body image is drawn at most the prose's width (46rem, 736 px). */
const PROSE_WIDTH = 736

export function responsiveBodyImages(
  html: string,
  mediaOf: (url: string) => SiteMedia | undefined,
  locale: string,
): string {
  return html.replace(IMG, (tag, attributes: string) => {
    const attrs = new Map<string, string>()
    for (const [, name, value] of attributes.matchAll(ATTR)) {
      if (name !== undefined && value !== undefined) attrs.set(name, decode(value))
    }
    const media = mediaOf(attrs.get('src') ?? '')
    const picture = media && responsivePicture(media, PROSE_WIDTH)
    if (!media || !picture) return tag
    const alt = altIn(locale, { [locale]: attrs.get('alt') ?? '' }, media.alt)
    const sizes = attr(SLOT_SIZES.prose)
    const sources = picture.sources
      .map((s) => `<source type="${attr(s.type)}" srcset="${attr(s.srcset)}" sizes="${sizes}" />`)
      .join('')
    const title = attrs.get('title')
    const img = [
      `<img src="${attr(picture.src)}" srcset="${attr(picture.srcset)}" sizes="${sizes}"`,
      ` alt="${attr(alt)}"${title ? ` title="${attr(title)}"` : ''}`,
      ` width="${picture.width}" height="${picture.height}" loading="lazy" decoding="async" />`,
    ].join('')
    return `<picture>${sources}${img}</picture>`
  })
}
