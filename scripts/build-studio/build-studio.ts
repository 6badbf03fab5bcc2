import { cp, mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { compressTree } from '../build-sites/compress'
import type { BuildConfig } from '../build-sites/config'
import { publishFolder } from '../build-sites/publish-atomic'
import { exitOf, spawnTracked } from '../shared/children'
import { oneBuilder } from './one-builder'
import { cachedStudio, keepStudio, STUDIO_CACHE, studioKey, studioTree } from './studio-cache'

/**
 * The studio's build (docs/decisions/071-studio-app.md): one Astro build of src/studio with its
 * own config, once for every tenant, published atomically as dist/sites/_studio with the brotli
 * and gzip copies of its text files at the shared levels (decision 066). The sites server
 * answers /studio/* on every tenant host from it. Unchanged sources take the tree built last time
 * (studio-cache.ts).
 */
export const STUDIO_DIR = '_studio'

export async function buildStudio(
  config: Pick<BuildConfig, 'root' | 'sitesDir' | 'workDir'>,
  log: (line: string) => void,
): Promise<void> {
  const { root, sitesDir, workDir } = config
  const started = performance.now()
  const outDir = join(workDir, `studio-${process.pid}`)
  const key = studioKey(root)
  let built = false
  try {
    // the products a test run starts at once share one build of the studio (one-builder.ts)
    built = await oneBuilder(
      join(root, STUDIO_CACHE, `.lock-${key}`),
      async () => (await cachedStudio(root, key)) !== undefined,
      async () => {
        await astroBuild(root, outDir)
        await compressTree(outDir, join(sitesDir, STUDIO_DIR), { effort: 'shared' })
        await keepStudio(root, key, outDir)
      },
    )
    if (!built) await cp(studioTree(root, key), outDir, { recursive: true })
    await publishFolder(outDir, sitesDir, STUDIO_DIR)
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
  const ms = Math.round(performance.now() - started)
  log(
    built ? `studio built in ${ms} ms` : `studio unchanged, taken from ${STUDIO_CACHE} in ${ms} ms`,
  )
}

async function astroBuild(root: string, outDir: string): Promise<void> {
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
  } finally {
    await rm(cwd, { recursive: true, force: true })
  }
}
