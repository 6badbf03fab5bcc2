/**
 * Where the media files live (docs/decisions/081-media-storage.md): an S3-compatible bucket
 * when MEDIA_S3_BUCKET is set, otherwise a folder (MEDIA_DIR, default .data/media) that the API
 * serves under /media and the sites server proxies. Read by server/config.ts.
 */
export type MediaStoreConfig =
  | { readonly kind: 'folder'; readonly dir: string; readonly publicBase: string }
  | {
      readonly kind: 's3'
      readonly bucket: string
      readonly region: string
      readonly endpoint: string | undefined
      readonly forcePathStyle: boolean
      /** prepended to every key, e.g. 'media/' to share a bucket with the sites */
      readonly prefix: string
      readonly credentials: { accessKeyId: string; secretAccessKey: string } | undefined
      readonly publicBase: string
    }

/** The files' addresses: the API's /media route unless a CDN or the bucket serves them. */
export const DEFAULT_MEDIA_BASE = '/media'

export function mediaStoreFrom(env: NodeJS.ProcessEnv, projectRoot: string): MediaStoreConfig {
  const publicBase = (env.MEDIA_PUBLIC_URL || DEFAULT_MEDIA_BASE).replace(/\/+$/, '')
  const bucket = env.MEDIA_S3_BUCKET
  if (!bucket) {
    return { kind: 'folder', dir: env.MEDIA_DIR || `${projectRoot}.data/media`, publicBase }
  }
  const accessKeyId = env.MEDIA_S3_ACCESS_KEY_ID
  const secretAccessKey = env.MEDIA_S3_SECRET_ACCESS_KEY
  return {
    kind: 's3',
    bucket,
    region: env.MEDIA_S3_REGION || 'us-east-1',
    endpoint: env.MEDIA_S3_ENDPOINT || undefined,
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE === '1' || Boolean(env.MEDIA_S3_ENDPOINT),
    prefix: env.MEDIA_S3_PREFIX ?? '',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    publicBase,
  }
}
