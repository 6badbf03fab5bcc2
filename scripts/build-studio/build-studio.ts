import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { compressTree } from '../build-sites/compress'
import type { BuildConfig } from '../build-sites/config'
import { publishFolder } from '../build-sites/publish-atomic'
import { exitOf, spawnTracked } from '../shared/children'

/**
 * The studio's build (docs/decisions/071-studio-app.md): one Astro build of src/studio with its
 * own config, once for every tenant, published atomically as dist/sites/_studio with the brotli
 * and gzip copies of its text files at the shared levels (decision 066). The sites server
 * answers /studio/* on every tenant host from it.
 */
export const STUDIO_DIR = '_studio'

export async function buildStudio(
  config: Pick<BuildConfig, 'root' | 'sitesDir' | 'workDir'>,
  log: (line: string) => void,
): Promise<void> {
  const { root, sitesDir, workDir } = config
  const started = performance.now()
  const outDir = join(workDir, `studio-${process.pid}`)
  // Astro keeps its prerender chunks in `<cwd>/.astro` when the output is elsewhere: a folder of
  // its own, as the tenant batches have (scripts/build-sites/astro-batch.ts), so two products
  // started at once never delete each other's chunks.
  const cwd = join(root, '.data', 'astro-cwd', `studio-${process.pid}`)
  await mkdir(cwd, { recursive: true })
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs')
  const args = ['build', '--root', root, '--config', 'astro.studio.config.mjs']
  try {
    const child = spawnTracked(process.execPath, [astro, ...args, '--outDir', outDir, '--silent'], {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    })
    const code = await exitOf(child)
    if (code !== 0) throw new Error(`studio build failed (exit ${code})`)
    await compressTree(outDir, join(sitesDir, STUDIO_DIR), { effort: 'shared' })
    await publishFolder(outDir, sitesDir, STUDIO_DIR)
  } finally {
    await Promise.all([
      rm(cwd, { recursive: true, force: true }),
      rm(outDir, { recursive: true, force: true }),
    ])
  }
  log(`studio built in ${Math.round(performance.now() - started)} ms`)
}
