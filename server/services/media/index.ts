/**
 * The media library module's one entry (docs/decisions/069-server-modules.md): uploads resized
 * into the pages' widths and formats, the library's list and alt texts, and the stored files
 * (docs/decisions/081-media-storage.md).
 */
export {
  deleteMedia,
  listMedia,
  prepareUpload,
  readMediaFile,
  saveUpload,
  updateMediaAlt,
} from './library.ts'
export { renditionsOf } from './renditions.ts'
export { resolveMedia } from './resolve.ts'
