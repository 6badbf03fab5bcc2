import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { listFiles } from '../build-sites/tree.ts'
import type { LocalFile } from './plan.ts'

/**
 * The folders of dist/sites that every tenant's pages use (decision 006), uploaded with it, and
 * the studio every tenant host serves at /studio (docs/decisions/071-studio-app.md).
 */
export const SHARED_FOLDERS = ['_astro', '_public', '_maintenance', '_studio'] as const

/**
 * The files of one built tenant as the bucket will hold them: `<host>/...` and the shared
 * folders, each with the MD5 of its bytes. A tenant that was never built is an error, not an
 * empty site (which would delete the one online).
 */
export async function localFiles(sitesDir: string, host: string): Promise<LocalFile[]> {
  if (!existsSync(join(sitesDir, host))) {
    throw new Error(`${host} is not built: no ${join(sitesDir, host)} (run npm run build:sites)`)
  }
  const folders = [host, ...SHARED_FOLDERS.filter((folder) => existsSync(join(sitesDir, folder)))]
  const files: LocalFile[] = []
  for (const folder of folders) {
    for (const path of await listFiles(join(sitesDir, folder))) {
      const bytes = await readFile(join(sitesDir, folder, path))
      files.push({ key: `${folder}/${path}`, md5: createHash('md5').update(bytes).digest('hex') })
    }
  }
  return files
}
