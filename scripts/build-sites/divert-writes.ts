import { promises as fsp } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * How tenants-when-ready.ts sees (and takes over) the files Astro writes. Astro offers no hook
 * once a page's file is written (its prerenderer API sees the response, not the write); it
 * writes each page with one recursive `fs.promises.mkdir` of the page's folder and one
 * `fs.promises.writeFile`, on its render thread: 0.7 ms a page there on this machine, a quarter
 * of the page (decision 103). The files of the tenants a job renders are handed to the
 * compression thread instead (page-copies.ts), which writes them and their copies. Should Astro
 * write otherwise, nothing is diverted or observed and every tenant is published when the build
 * ends, as before: slower, never wrong.
 */
export interface WriteHooks {
  /** Whether the file at `path`, or every file of the folder at `path`, is `divert`'s to write. */
  readonly diverted: (path: string) => boolean
  /**
   * Takes over the write of a diverted file: resolves once it is handed over, with its bytes,
   * which the writer (Astro) does not read again.
   */
  readonly divert: (path: string, bytes: Uint8Array) => Promise<void>
  /** Told of each file Astro wrote itself, after the write. */
  readonly written: (path: string, bytes: Uint8Array) => void
}

type PathLike = Parameters<typeof fsp.writeFile>[0]

const pathOf = (file: PathLike): string =>
  file instanceof URL ? fileURLToPath(file) : typeof file === 'string' ? file : ''

const bytesOf = (data: unknown): Uint8Array | undefined =>
  typeof data === 'string' ? Buffer.from(data) : data instanceof Uint8Array ? data : undefined

/** Installs the hooks for the life of the process; the returned function removes them (tests). */
export function divertWrites(hooks: WriteHooks): () => void {
  const { mkdir, writeFile } = fsp
  // the thread makes a diverted page's folder as it writes the page
  fsp.mkdir = ((path, options) =>
    hooks.diverted(pathOf(path))
      ? Promise.resolve(undefined)
      : mkdir(path, options)) as typeof mkdir
  fsp.writeFile = async (file, data, options) => {
    const path = pathOf(file)
    const bytes = bytesOf(data)
    const diverted = path !== '' && hooks.diverted(path)
    // a write with options (an encoding, a flag) stays Astro's, in a folder it did not make
    if (bytes && diverted && options === undefined) return hooks.divert(path, bytes)
    if (diverted) await mkdir(dirname(path), { recursive: true })
    await writeFile(file, data, options)
    if (path !== '' && bytes) hooks.written(path, bytes)
  }
  return () => {
    fsp.mkdir = mkdir
    fsp.writeFile = writeFile
  }
}
