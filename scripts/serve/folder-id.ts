import { statSync } from 'node:fs'

/**
 * A folder's identity: device, inode and birth time, or undefined when there is no folder at
 * that path. A publish puts a new folder in place of the old one, so the identity changes; the
 * birth time keeps a new folder apart from an old one whose inode number was freed and reused.
 */
export function folderId(path: string): string | undefined {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat?.isDirectory()) return undefined
  return `${stat.dev}:${stat.ino}:${stat.birthtimeMs}`
}

/** A file system error saying the path (or a folder on it) does not exist. */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}
