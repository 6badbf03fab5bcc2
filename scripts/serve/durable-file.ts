import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'

/**
 * Small files the serve process must find again after a crash (its publish queue and the
 * webhook ids it has seen): written and flushed to disk before the webhook is acknowledged.
 */

/** Replaces `path` whole: a reader sees the old content or the new, never half of it. */
export function writeDurably(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`
  const fd = openSync(temporary, 'w')
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, path)
}

export function appendDurably(path: string, text: string): void {
  const fd = openSync(path, 'a')
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** The file's text, or undefined when it does not exist. */
export function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
