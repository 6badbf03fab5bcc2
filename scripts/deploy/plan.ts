import { contentType } from '../serve/content-types.ts'

/**
 * What a deploy sends, as data (docs/decisions/028-deploy-and-publish-relay.md): which local
 * files differ from the bucket, with which headers, in which order, and which objects go.
 * Pure, so the order and the diff are unit-tested without a bucket.
 */

/** A built file: its key relative to the deploy prefix ('<host>/fr/index.html', '_astro/a.js'). */
export interface LocalFile {
  readonly key: string
  /** Hex MD5 of the bytes: what S3, R2 and MinIO give as the ETag of a single-part upload. */
  readonly md5: string
}

/** An object in the bucket, key relative to the prefix, ETag without its quotes. */
export interface RemoteObject {
  readonly key: string
  readonly etag: string
}

export interface Upload {
  readonly key: string
  readonly contentType: string
  readonly contentEncoding: string | undefined
  readonly cacheControl: string
}

export interface DeployPlan {
  /** Everything a page may point at: sent first, all of it before any page. */
  readonly assets: readonly Upload[]
  /** Pages (and the `_headers` that goes with them), sent once every asset is in place. */
  readonly pages: readonly Upload[]
  /** Objects of the tenant's own folder that the build no longer has: deleted last. */
  readonly deletes: readonly string[]
  readonly unchanged: number
}

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'

/** Precompressed siblings the build writes beside a file (`page.html.br`, `a.js.gz`). */
const ENCODINGS: Readonly<Record<string, string>> = { '.br': 'br', '.gz': 'gzip' }

function encodingOf(key: string, keys: ReadonlySet<string>) {
  for (const [suffix, encoding] of Object.entries(ENCODINGS)) {
    const identity = key.slice(0, -suffix.length)
    // Only a sibling of a file that exists is an encoding of it; a lone .gz is a download.
    if (key.endsWith(suffix) && keys.has(identity)) return { identity, encoding }
  }
  return { identity: key, encoding: undefined }
}

/**
 * Headers of one object. A precompressed sibling carries its identity file's type and cache
 * rule plus its Content-Encoding, so a CDN rule that picks `<key>.br` for `Accept-Encoding: br`
 * serves it as is; the identity file is always there for every other client.
 */
export function uploadFor(key: string, keys: ReadonlySet<string>): Upload {
  const { identity, encoding } = encodingOf(key, keys)
  const name = identity.slice(identity.lastIndexOf('/') + 1)
  return {
    key,
    contentType: name === '_headers' ? 'text/plain; charset=utf-8' : contentType(identity),
    contentEncoding: encoding,
    // Hashed names never change their bytes (decision 006); everything else is revalidated.
    cacheControl: identity.startsWith('_astro/') ? IMMUTABLE : REVALIDATE,
  }
}

function isPage(key: string, keys: ReadonlySet<string>): boolean {
  const { identity } = encodingOf(key, keys)
  return identity.endsWith('.html') || identity.endsWith('/_headers') || identity === '_headers'
}

/**
 * Compares the build with the bucket. `ownPrefixes` are the folders this deploy owns (the
 * tenant's `<host>/`): objects there that the build lacks are deleted. Shared folders
 * (`_astro/`, `_public/`, `_maintenance/`, `_studio/`) are only added to, since other tenants' pages
 * still point at their older files. `force` sends every file (after a change of header rules).
 */
export function planDeploy(
  local: readonly LocalFile[],
  remote: readonly RemoteObject[],
  ownPrefixes: readonly string[],
  force = false,
): DeployPlan {
  const keys = new Set(local.map((file) => file.key))
  const etags = new Map(remote.map((object) => [object.key, object.etag.replace(/"/g, '')]))
  const changed = local.filter((file) => force || etags.get(file.key) !== file.md5)
  const sorted = [...changed].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const uploads = sorted.map((file) => uploadFor(file.key, keys))
  return {
    assets: uploads.filter((upload) => !isPage(upload.key, keys)),
    pages: uploads.filter((upload) => isPage(upload.key, keys)),
    deletes: remote
      .map((object) => object.key)
      .filter((key) => !keys.has(key) && ownPrefixes.some((prefix) => key.startsWith(prefix)))
      .sort(),
    unchanged: local.length - changed.length,
  }
}
