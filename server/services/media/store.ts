import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { MEDIA_KEY_PATTERN } from '#domain/media/rules.ts'
import type { MediaStoreConfig } from './store-config.ts'

/** A year, and never revalidated: a key names one content for ever (content-hashed). */
export const MEDIA_CACHE = 'public, max-age=31536000, immutable'

/** The object operations the library needs; keys are mediaKey's. */
export interface MediaStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<Uint8Array | undefined>
  delete(keys: readonly string[]): Promise<void>
}

const stores = new WeakMap<MediaStoreConfig, MediaStore>()

/** One store per configuration (one S3 client and its connections per app). */
export function mediaStore(config: MediaStoreConfig): MediaStore {
  let store = stores.get(config)
  if (!store) {
    store = config.kind === 'folder' ? folderStore(config.dir) : s3Store(config)
    stores.set(config, store)
  }
  return store
}

/** Keys are checked against the pattern before any path is built: no '..', no absolute path. */
function safeKey(key: string): string {
  if (!MEDIA_KEY_PATTERN.test(key)) throw new Error(`not a media key: ${key}`)
  return key
}

function folderStore(root: string): MediaStore {
  return {
    async put(key, body) {
      const path = join(root, safeKey(key))
      await mkdir(dirname(path), { recursive: true })
      // written aside then renamed: a reader never sees half a file
      const temp = `${path}.${process.pid}.tmp`
      await writeFile(temp, body)
      await rename(temp, path)
    },
    async get(key) {
      try {
        return await readFile(join(root, safeKey(key)))
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return undefined
        throw error
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(join(root, safeKey(key)), { force: true })))
    },
  }
}

function s3Store(config: Extract<MediaStoreConfig, { kind: 's3' }>): MediaStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    ...(config.credentials === undefined ? {} : { credentials: config.credentials }),
    // as scripts/deploy/bucket.ts: several S3-compatible servers refuse the default trailers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const { bucket, prefix } = config
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${safeKey(key)}`,
          Body: body,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE,
        }),
      )
    },
    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${safeKey(key)}` }),
        )
        return answer.Body ? await answer.Body.transformToByteArray() : undefined
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
          return undefined
        }
        throw error
      }
    },
    async delete(keys) {
      if (keys.length === 0) return
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: {
            Objects: keys.map((key) => ({ Key: `${prefix}${safeKey(key)}` })),
            Quiet: true,
          },
        }),
      )
    },
  }
}
