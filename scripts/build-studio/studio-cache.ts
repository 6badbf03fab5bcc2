import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { cp, readdir, rename, rm, stat, utimes } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'

/**
 * The studio's built and compressed tree, kept by what it is built from
 * (docs/decisions/099-studio-build-cache.md): the studio is the same app for every tenant, so a
 * start whose sources did not change takes it from here instead of building it again.
 */
export const STUDIO_CACHE = join('.data', 'cache', 'studio')

/** Trees kept: a few recent checkouts, never a growing folder. */
export const KEPT = 3

/** Every file the studio build reads besides node_modules: the sources and the build's settings. */
const INPUTS = ['src', 'astro.studio.config.mjs', 'package-lock.json', 'tsconfig.json']

/**
 * What the studio's bytes depend on: every input file's path and bytes, the Node that builds it,
 * and the environment Vite writes into the bundle (import.meta.env: the PUBLIC_ variables and the
 * mode). Any change makes a new key: a stale studio is never served, at worst one is rebuilt.
 */
export function studioKey(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256')
  hash.update(`node ${process.version}\n`)
  for (const [name, value] of Object.entries(env)
    .filter(([name]) => name.startsWith('PUBLIC_') || name === 'NODE_ENV')
    .sort(([a], [b]) => a.localeCompare(b)))
    hash.update(`env ${name}=${value ?? ''}\n`)
  for (const file of inputFiles(root)) {
    hash.update(`file ${file}\n`)
    hash.update(readFileSync(join(root, file)))
  }
  return hash.digest('hex').slice(0, 32)
}

/** The input files under root, '/'-separated and sorted so that the key is the same everywhere. */
export function inputFiles(root: string): string[] {
  const files: string[] = []
  for (const input of [...INPUTS, ...envFiles(root)]) {
    const path = join(root, input)
    if (!existsSync(path)) continue
    if (statSync(path).isFile()) {
      files.push(input)
      continue
    }
    for (const entry of readdirSync(path, { withFileTypes: true, recursive: true }))
      if (entry.isFile())
        files.push(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
  }
  return files.sort()
}

/** Vite reads .env files of the root into import.meta.env. */
function envFiles(root: string): string[] {
  return readdirSync(root).filter((name) => name === '.env' || name.startsWith('.env.'))
}

/** Where the tree of a key is kept. */
export const studioTree = (root: string, key: string): string => join(root, STUDIO_CACHE, key)

/** The kept tree of a key, when there is one, marked as just used so that pruning keeps it. */
export async function cachedStudio(root: string, key: string): Promise<string | undefined> {
  const dir = studioTree(root, key)
  if (!existsSync(dir)) return undefined
  const now = new Date()
  await utimes(dir, now, now)
  return dir
}

/**
 * Keeps a built tree under its key: copied beside, then renamed, so a reader never sees half of
 * it; when two starts build the same key at once the second rename fails and its copy goes.
 * Then only the KEPT most recent trees stay.
 */
export async function keepStudio(root: string, key: string, built: string): Promise<void> {
  const cache = join(root, STUDIO_CACHE)
  const partial = join(cache, `.partial-${key}-${process.pid}`)
  await cp(built, partial, { recursive: true })
  try {
    await rename(partial, studioTree(root, key))
  } catch {
    await rm(partial, { recursive: true, force: true })
  }
  await prune(cache)
}

/** A copy this old was left by a process that died while writing it. */
const ABANDONED_MS = 10 * 60_000

async function prune(cache: string): Promise<void> {
  const dated = await Promise.all(
    (await readdir(cache)).map(async (name) => ({
      name,
      at: (await stat(join(cache, name)).catch(() => undefined))?.mtimeMs ?? 0,
    })),
  )
  const trees = dated.filter(({ name }) => !name.startsWith('.'))
  const old = trees.sort((a, b) => b.at - a.at).slice(KEPT)
  const abandoned = dated.filter(
    ({ name, at }) => name.startsWith('.partial-') && Date.now() - at > ABANDONED_MS,
  )
  await Promise.all(
    [...old, ...abandoned].map(({ name }) =>
      rm(join(cache, name), { recursive: true, force: true }),
    ),
  )
}
