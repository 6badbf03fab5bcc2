/**
 * How a library picture is drawn responsively (docs/decisions/091-responsive-media-images.md):
 * a <picture> whose modern formats are <source>s and whose fallback <img> has a srcset too,
 * every candidate with its width, so the browser downloads the narrowest file that covers the
 * slot at the screen's density.
 */
import { MIME, type StoredVariant, srcsetOf, type VariantFormat } from './rules'

export interface PictureMedia {
  readonly width: number
  readonly height: number
  readonly variants: readonly StoredVariant[]
}

export interface ResponsivePicture {
  /** modern formats first, as a <picture> tries them */
  readonly sources: readonly { readonly type: string; readonly srcset: string }[]
  readonly src: string
  readonly srcset: string
  readonly width: number
  readonly height: number
}

/**
 * The slots the pages draw images in, as CSS lays them out (src/styles): `sizes` says how wide
 * each is per viewport, an upper bound where a grid changes its columns.
 */
export const SLOT_SIZES = {
  /** a card of `.grid` (columns of at least 15rem, one column below about 34rem) */
  card: '(min-width: 34rem) 25rem, calc(100vw - 2rem)',
  /** an image of `.prose` (46rem at most): a post's cover and its body's images */
  prose: '(min-width: 48rem) 46rem, calc(100vw - 2rem)',
  /** the media of `.detail` (five ninths of the page from md on) */
  detail: '(min-width: 768px) 55vw, calc(100vw - 2rem)',
  /** a slide across the whole page */
  hero: '100vw',
  /**
   * the events carousel's picture: the dialog's width, min(100vw - 2rem, 950px), less its
   * 1rem padding each side (src/styles/areas/_notices.scss)
   */
  dialog: '(min-width: 982px) 918px, calc(100vw - 4rem)',
  /**
   * the coupon pop-up's picture: half of its dialog, min(100vw - 2rem, 780px), from sm (640px)
   * on, the dialog's width less its padding below (src/styles/areas/_notices.scss)
   */
  popup: '(min-width: 640px) 23rem, calc(100vw - 4rem)',
} as const
export type ImageSlot = keyof typeof SLOT_SIZES

const MODERN: readonly VariantFormat[] = ['avif', 'webp']
const FALLBACKS: readonly VariantFormat[] = ['jpeg', 'png']

/**
 * The picture of a library media drawn `displayWidth` CSS pixels wide, or undefined when it
 * has no raster fallback (an SVG is drawn as a plain <img>). `src` is the narrowest fallback
 * covering the width, for a browser without srcset; width and height keep the media's aspect
 * ratio so the page reserves its place before the file arrives.
 */
export function responsivePicture(
  media: PictureMedia,
  displayWidth: number,
): ResponsivePicture | undefined {
  const fallback = FALLBACKS.find((f) => media.variants.some((v) => v.format === f))
  if (fallback === undefined) return undefined
  const plain = media.variants
    .filter((v) => v.format === fallback)
    .sort((a, b) => a.width - b.width)
  const first = plain.find((v) => v.width >= displayWidth) ?? plain.at(-1)
  if (!first) return undefined
  const width = Math.min(displayWidth, media.width)
  return {
    sources: MODERN.filter((f) => media.variants.some((v) => v.format === f)).map((f) => ({
      type: MIME[f],
      srcset: srcsetOf(media.variants, f),
    })),
    src: first.url,
    srcset: srcsetOf(media.variants, fallback),
    width,
    height: Math.max(1, Math.round((width * media.height) / media.width)),
  }
}

/**
 * The alt text in `locale`: the image's own (a post's cover) when it has one there, else the
 * library's, else French, else any; '' when nothing describes it. A library picture has a text
 * in each language the company had when it was uploaded; a language enabled since falls back.
 */
export function altIn(
  locale: string,
  ...texts: readonly (Readonly<Partial<Record<string, string>>> | undefined)[]
): string {
  for (const text of texts) {
    const own = text?.[locale]?.trim()
    if (own) return own
  }
  for (const text of texts) {
    const base =
      text?.fr?.trim() ||
      Object.values(text ?? {})
        .find((v) => v?.trim())
        ?.trim()
    if (base) return base
  }
  return ''
}

/** Every media by each of its files' addresses: a page may name any width of it. */
export function mediaByAddress<M extends PictureMedia>(media: readonly M[]): Map<string, M> {
  const index = new Map<string, M>()
  for (const m of media) for (const v of m.variants) index.set(v.url, m)
  return index
}
