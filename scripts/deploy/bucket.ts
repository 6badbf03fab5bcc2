import { createHash } from 'node:crypto'
import {
  DeleteObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import type { DeployConfig } from './config.ts'
import type { RemoteObject, Upload } from './plan.ts'

/** The bucket operations a deploy needs, keys relative to the configured prefix. */
export interface Bucket {
  list(folder: string): Promise<RemoteObject[]>
  put(upload: Upload, body: Uint8Array): Promise<void>
  delete(keys: readonly string[]): Promise<void>
  close(): void
}

/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000

export function openBucket(config: DeployConfig): Bucket {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    ...(config.credentials === undefined ? {} : { credentials: config.credentials }),
    // Checksums only where the API requires them: several S3-compatible servers refuse the
    // SDK's default CRC32 trailers. Each PUT carries Content-MD5, which every one of them checks.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const { bucket, prefix } = config
  return {
    async list(folder) {
      const objects: RemoteObject[] = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}${folder}`,
            ...(token === undefined ? {} : { ContinuationToken: token }),
          }),
        )
        for (const object of page.Contents ?? []) {
          if (object.Key === undefined) continue
          objects.push({ key: object.Key.slice(prefix.length), etag: object.ETag ?? '' })
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token !== undefined)
      return objects
    },
    async put(upload, body) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${upload.key}`,
          Body: body,
          ContentType: upload.contentType,
          CacheControl: upload.cacheControl,
          ContentMD5: createHash('md5').update(body).digest('base64'),
          ...(upload.contentEncoding === undefined
            ? {}
            : { ContentEncoding: upload.contentEncoding }),
        }),
      )
    },
    async delete(keys) {
      for (let at = 0; at < keys.length; at += DELETE_BATCH) {
        const batch = keys.slice(at, at + DELETE_BATCH)
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((key) => ({ Key: `${prefix}${key}` })), Quiet: true },
          }),
        )
        const failed = answer.Errors ?? []
        if (failed.length > 0) {
          throw new Error(`could not delete ${failed.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`)
        }
      }
    },
    close: () => client.destroy(),
  }
}
