/**
 * The events carousel's picture (docs/decisions/095-event-images.md): the carousel is drawn at
 * run time from the API's events, so the build writes, per language, what it knows of each
 * library picture an event shows, and the script only copies these attributes onto the page.
 */
import { altIn, type PictureMedia, responsivePicture, SLOT_SIZES } from './responsive'

/** The widest the carousel draws its picture, in CSS px: the dialog's 950 px less its padding. */
export const DIALOG_IMAGE_WIDTH = 918

export interface NoticePicture {
  /** the library's alt text in the page's language (its fallbacks: altIn) */
  readonly alt: string
  /** absent for a picture without a raster file: drawn as the plain <img>, with the alt */
  readonly responsive?: {
    readonly sources: readonly { readonly type: string; readonly srcset: string }[]
    readonly src: string
    readonly srcset: string
    readonly sizes: string
    readonly width: number
    readonly height: number
  }
}

export interface DescribedMedia extends PictureMedia {
  readonly alt: Readonly<Partial<Record<string, string>>>
}

/** The attributes of a library picture in the carousel, in `locale`. */
export function noticePicture(media: DescribedMedia, locale: string): NoticePicture {
  const alt = altIn(locale, media.alt)
  const picture = responsivePicture(media, DIALOG_IMAGE_WIDTH)
  if (!picture) return { alt }
  return { alt, responsive: { ...picture, sizes: SLOT_SIZES.dialog } }
}

interface TimedImages {
  readonly end: string
  readonly img: readonly { readonly url: string }[]
}

/**
 * The pictures of the events not over at `now` that are library pictures, keyed by the address
 * the event stores; an event created after the build is not there and is drawn plainly until
 * the rebuild its write triggers.
 */
export function eventPictures(
  events: readonly TimedImages[],
  mediaOf: (url: string) => DescribedMedia | undefined,
  locale: string,
  now: number,
): Record<string, NoticePicture> {
  const pictures: Record<string, NoticePicture> = {}
  for (const event of events) {
    if (Date.parse(event.end) <= now) continue
    for (const { url } of event.img) {
      const media = mediaOf(url)
      if (media && !(url in pictures)) pictures[url] = noticePicture(media, locale)
    }
  }
  return pictures
}
