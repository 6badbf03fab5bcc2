import * as z from 'zod/mini'
import { DIR_PATTERN, MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from '#domain/media/rules'
import { defineCall } from '../call'
import { ack, paginated } from '../common'
import { media, mediaAltBody, mediaResolveBody, siteMedia } from '../media'
import { idParams, pageQuery } from '../query'
import { FIRST_PROVIDER, FIRST_PUBLIC } from './crud'

/**
 * docs/product/7-calls.md Media: the company's picture library (docs/decisions/081-media-storage.md).
 * Company users only; a practitioner may read the library but not change it (decision 072).
 * The uploads are multipart: `file` (one) or `files` (several), and `alt`, a JSON object of alt
 * texts per language (for several files, a JSON array of them, in the files' order).
 */
const dirQuery = z.object({
  dir: z.optional(z.string().check(z.regex(DIR_PATTERN))),
})
/** the form's own fields and boundaries around the files */
const FORM_OVERHEAD = 64 * 1024

export const mediaCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/medias',
    ...FIRST_PROVIDER,
    query: z.extend(pageQuery, dirQuery.shape),
    response: paginated(media),
  }),
  uploadImage: defineCall({
    method: 'POST',
    path: '/api/upload/image',
    ...FIRST_PROVIDER,
    multipart: { maxBytes: MAX_IMAGE_BYTES + FORM_OVERHEAD },
    query: dirQuery,
    response: media,
  }),
  uploadImages: defineCall({
    method: 'POST',
    path: '/api/upload/images',
    ...FIRST_PROVIDER,
    multipart: { maxBytes: MAX_FILES_PER_UPLOAD * MAX_IMAGE_BYTES + FORM_OVERHEAD },
    query: dirQuery,
    response: z.array(media),
  }),
  /** the alt texts, every enabled language required */
  updateAlt: defineCall({
    method: 'PUT',
    path: '/api/medias/:id',
    ...FIRST_PROVIDER,
    params: idParams,
    body: mediaAltBody,
    response: media,
  }),
  /**
   * The library pictures behind page image addresses, for the site build (decision 091):
   * public, as the pages are; an address names a content hash, so only what a page already
   * shows is answered, never the library's list. Unknown addresses are left out.
   */
  resolve: defineCall({
    method: 'POST',
    path: '/api/medias/resolve',
    ...FIRST_PUBLIC,
    body: mediaResolveBody,
    response: z.array(siteMedia),
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/medias/:id',
    ...FIRST_PROVIDER,
    params: idParams,
    response: ack,
  }),
}
