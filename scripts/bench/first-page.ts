import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The first built page under `dir` of a host (a service, a product, a post). */
export function firstPage(
  root: string,
  host: string,
  dir: string,
  depth: number,
): string | undefined {
  let path = dir
  for (let level = 0; level < depth; level++) {
    const folder = join(root, host, path)
    if (!existsSync(folder)) return undefined
    const next = readdirSync(folder, { withFileTypes: true }).find((entry) => entry.isDirectory())
    if (!next) return undefined
    path = `${path}${next.name}/`
  }
  return path
}
