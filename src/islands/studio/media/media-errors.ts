import { errorFacts } from '#i18n/error-messages'
import type { StudioKey } from '#i18n/studio-messages'

const REFUSALS = ['notAnImage', 'imageTooLarge', 'imageTooManyPixels', 'svgScripted', 'altMissing']

/** The studio's words for a refused upload or alt edit (docs/decisions/081-media-storage.md). */
export function mediaErrorKey(error: unknown): StudioKey {
  const { type } = errorFacts(error)
  // the route's own 413 (a form over the whole upload's limit) is a file too large too
  if (type === 'payloadTooLarge') return 'studio.media.error.imageTooLarge'
  return type !== undefined && REFUSALS.includes(type)
    ? (`studio.media.error.${type}` as StudioKey)
    : 'studio.media.error.failed'
}
