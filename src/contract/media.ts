import * as z from 'zod/mini'
import { id, instant, languageCode, webUrl } from './common'

/**
 * A picture of the company's library (docs/decisions/081-media-storage.md): stored once per
 * width and format the pages use, described in each of the company's languages.
 */
/** An alt text per language: a sentence, not a caption essay. */
export const mediaAlt = z.partialRecord(languageCode, z.string().check(z.maxLength(300)))

export const mediaFormat = z.enum(['avif', 'webp', 'jpeg', 'png', 'svg'])

export const mediaVariant = z.object({
  width: z.int().check(z.positive()),
  format: mediaFormat,
  url: webUrl,
  bytes: z.int().check(z.nonnegative()),
})

export const media = z.object({
  id,
  dir: z.string(),
  /** the uploaded file's format, as its bytes say */
  type: z.string(),
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  /** the widest fallback (JPEG or PNG; the SVG itself), for an <img src> */
  url: webUrl,
  /** per format, modern first: what a <picture> puts in its <source type srcset> */
  sources: z.array(z.object({ type: z.string(), srcset: z.string() })),
  variants: z.array(mediaVariant),
  /** the alt text, one per enabled language of the company (required at upload) */
  alt: mediaAlt,
  createdAt: instant,
})
export type Media = z.infer<typeof media>

/** What the alt edit sends: the whole alt record. */
export const mediaAltBody = z.object({ alt: mediaAlt })

/** The addresses a site build asks about (decision 091): its pages' image addresses. */
export const MAX_RESOLVE_URLS = 500
export const mediaResolveBody = z.object({
  urls: z.array(webUrl).check(z.maxLength(MAX_RESOLVE_URLS)),
})

/**
 * A library picture as a site needs it (docs/decisions/091-responsive-media-images.md): its
 * size (the aspect ratio, so nothing shifts), every stored file and its alt texts; no id, no
 * folder, no date: what a page already shows.
 */
export const siteMedia = z.object({
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  variants: z.array(mediaVariant),
  alt: mediaAlt,
})
export type SiteMedia = z.infer<typeof siteMedia>
