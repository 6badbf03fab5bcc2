import { existsSync } from 'node:fs'
import { mkdir, rename } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { compressLive, compressTree } from './compress'
import { mergeFolder, publishFolder } from './publish-atomic'
import { listFiles } from './tree'

/**
 * The parts of a batch's output that belong to no tenant:
 * - `_astro/`: content-hashed assets, merged into dist/sites/_astro (served for every host);
 * - the project's public/ files (Astro copies them to the output root): dist/sites/_public,
 *   served for any host after the tenant's own folder;
 * - `_maintenance/`: the tenant-independent maintenance page, dist/sites/_maintenance.
 * The assets and public files are published before the first tenant of the batch, so a tenant's
 * new pages never point at a missing asset. Each text file goes with its brotli and gzip copies
 * (decision 026), at the shared levels (decision 066).
 */
export const ASSETS_DIR = '_astro'
export const PUBLIC_DIR = '_public'
export const MAINTENANCE_DIR = '_maintenance'

/**
 * Publishes the batch's `_astro/` and public files. New assets go live without their copies
 * (brotli 11 costs about a second for a build's assets, which would delay the first tenant); the
 * returned function writes them, once that tenant is published
 * (docs/decisions/074-serve-while-building.md). Published assets keep theirs.
 */
export async function publishAssets(
  root: string,
  outDir: string,
  sitesDir: string,
): Promise<() => Promise<number>> {
  const assets = join(sitesDir, ASSETS_DIR)
  const { deferred } = await compressTree(join(outDir, ASSETS_DIR), assets, {
    effort: 'shared',
    deferChanged: true,
  })
  await mergeFolder(join(outDir, ASSETS_DIR), assets)

  const publicSrc = join(root, 'public')
  if (existsSync(publicSrc)) {
    // Only what public/ holds: anything else at the output root is a page of no tenant.
    const staging = join(outDir, '.public-staging')
    for (const file of await listFiles(publicSrc)) {
      if (!existsSync(join(outDir, file))) continue
      await mkdir(dirname(join(staging, file)), { recursive: true })
      await rename(join(outDir, file), join(staging, file))
    }
    await mkdir(staging, { recursive: true })
    await compressTree(staging, join(sitesDir, PUBLIC_DIR), { effort: 'shared' })
    await publishFolder(staging, sitesDir, PUBLIC_DIR)
  }
  return () => compressLive(assets, deferred, 'shared')
}

export async function publishMaintenance(outDir: string, sitesDir: string): Promise<void> {
  const maintenance = join(outDir, MAINTENANCE_DIR)
  if (!existsSync(maintenance)) return
  await compressTree(maintenance, join(sitesDir, MAINTENANCE_DIR), { effort: 'shared' })
  await publishFolder(maintenance, sitesDir, MAINTENANCE_DIR)
}
