import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * A new PGlite cluster with every migration applied, kept as a data directory tarball: the next
 * in-memory database of this machine starts from it instead of running initdb and the migrations
 * again (client.ts; a data directory on disk is made by initdb, as before). In a fresh process
 * initdb costs about 7 s of CPU and the migrations 1.1 s; a start from the tarball 2.6 s (measured
 * on 2026-12-01, docs/decisions/109-migrated-pglite-cluster.md). It holds the schema only, no row
 * of any company.
 *
 * The file's name is a hash of PGlite's version and of the migrations the migrator reads, so a
 * new migration or another PGlite makes a new file and an old one is never used for them.
 */
export interface ClusterCache {
  /** The tarball made for these migrations and this PGlite, if one was kept. */
  read(): Blob | undefined
  /** Keeps `dump` (a cluster just migrated) for the next start. */
  keep(dump: Blob): Promise<void>
}

/** PGlite's version, from the package.json above its entry (its exports do not list the file). */
function pgliteVersion(): string {
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(join(folder, 'package.json'))) folder = dirname(folder)
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string })
    .version
}

const MIGRATIONS_JOURNAL = join('meta', '_journal.json')

/**
 * A hash of PGlite's version and of what the migrator reads: the SQL files and drizzle's journal
 * (not drizzle-kit's snapshots beside it, 5 MB that change only with a migration).
 */
export function clusterKey(migrationsFolder: string, version = pgliteVersion()): string {
  const hash = createHash('sha256').update(`pglite ${version}\n`)
  const files = readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .concat(MIGRATIONS_JOURNAL)
  for (const name of files) {
    const file = join(migrationsFolder, name)
    hash.update(`${name}\n`)
    if (existsSync(file)) hash.update(readFileSync(file))
  }
  return hash.digest('hex').slice(0, 24)
}

/** The cache in `folder` for the migrations of `migrationsFolder`. */
export function clusterCache(folder: string, migrationsFolder: string): ClusterCache {
  const file = join(folder, `migrated-${clusterKey(migrationsFolder)}.tar.gz`)
  return {
    read: () => (existsSync(file) ? new Blob([readFileSync(file)]) : undefined),
    async keep(dump) {
      const bytes = Buffer.from(await dump.arrayBuffer())
      mkdirSync(folder, { recursive: true })
      // two starts making it at once both write; the rename keeps a whole file either way
      const partial = `${file}.${process.pid}.part`
      writeFileSync(partial, bytes)
      renameSync(partial, file)
    },
  }
}
