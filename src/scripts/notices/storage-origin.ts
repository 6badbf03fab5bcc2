import { assetUrlWith } from '#site/asset-url'

/** PUBLIC_STORAGE_URL as the build reads it (src/site/asset-url.ts): '' when pages ask their own host. */
export function storageOrigin(): string {
  return String(import.meta.env.PUBLIC_STORAGE_URL ?? '').replace(/\/+$/, '')
}

/** A tenant image address as the build writes it (the storage origin in front of /storage/...). */
export const assetUrl = (url: string): string => assetUrlWith(storageOrigin())(url)
