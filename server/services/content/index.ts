/**
 * The content module's one entry (docs/decisions/069-server-modules.md): what the other
 * modules, the routes and the app use of it. Its own files import each other directly.
 */

export {
  removeCollectionSchema,
  saveCollectionItem,
  saveCollectionSchema,
} from './collections.ts'
export {
  checkCouponLimits,
  consumeCouponFor,
  redemptionsOf,
  releaseCouponFor,
  reserveCouponFor,
} from './coupon-redemptions.ts'
export { findCouponByCode } from './coupons.ts'
export { keepPostPreview, previewedPostId } from './post-previews.ts'
export { findContent, listContent, toEntity } from './repository.ts'
export { cleanRichText } from './tenant-html.ts'
export { type InTransaction, inOneTransaction, removeContent, saveContent } from './write.ts'
