import { realpath, stat } from 'node:fs/promises'
import { extname, join, sep } from 'node:path'

/**
 * Which tenant image files the storage route may serve, and where they are: tenants/<host>/
 * images/<file>, nothing else. Names are checked before any path is built, and the resolved
 * path must still lie inside that images folder (symbolic links included), so no request can
 * read a tenant's data files or anything outside TENANTS_DIR.
 */

/** Lowercase host names only: labels of letters, digits and inner hyphens, no empty label. */
const HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/
/** One path segment: no separator, no leading dot, no '..'. */
const FILE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/

export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
}

export type ImageLookup =
  | { readonly kind: 'invalid' }
  | { readonly kind: 'missing' }
  | {
      readonly kind: 'found'
      readonly path: string
      readonly type: string
      readonly size: number
      readonly mtime: Date
    }

export function isValidName(host: string, file: string): boolean {
  return HOST.test(host) && host.length <= 253 && FILE.test(file) && !file.includes('..')
}

const isMissing = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  ['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES'].includes(String(error.code))

export async function findImage(
  tenantsDir: string,
  host: string,
  file: string,
): Promise<ImageLookup> {
  if (!isValidName(host, file)) return { kind: 'invalid' }
  const type = IMAGE_TYPES[extname(file).toLowerCase()]
  if (type === undefined) return { kind: 'missing' }
  try {
    const folder = await realpath(join(tenantsDir, host, 'images'))
    const path = await realpath(join(folder, file))
    if (!path.startsWith(folder + sep)) return { kind: 'missing' }
    const info = await stat(path)
    if (!info.isFile()) return { kind: 'missing' }
    return { kind: 'found', path, type, size: info.size, mtime: info.mtime }
  } catch (error) {
    if (isMissing(error)) return { kind: 'missing' }
    throw error
  }
}
