import { h } from './dom'
import type { NoticeImage } from './frame'

/**
 * An event's picture in the carousel (docs/decisions/095-event-images.md): a library picture as
 * the build described it, a <picture> with its AVIF and WebP sources, srcsets, the dialog's
 * sizes, width and height (the stylesheet's 16:9 box keeps the place either way) and the
 * library's alt in the page's language; any other address a plain <img>, decorative. On screen
 * at once: never lazy.
 */
export function eventPicture({ src, picture }: NoticeImage): HTMLElement {
  const responsive = picture?.responsive
  const alt = picture?.alt ?? ''
  if (!responsive) return h('img', { src, alt, decoding: 'async' })
  const { sizes } = responsive
  return h(
    'picture',
    {},
    ...responsive.sources.map((source) =>
      h('source', { type: source.type, srcset: source.srcset, sizes }),
    ),
    h('img', {
      src: responsive.src,
      srcset: responsive.srcset,
      sizes,
      alt,
      width: responsive.width,
      height: responsive.height,
      decoding: 'async',
    }),
  )
}
