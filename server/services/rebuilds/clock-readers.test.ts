import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '#server/config.ts'

/**
 * The rebuild planner knows every place a built page reads the build's clock
 * (docs/decisions/059-rebuilds-at-content-boundaries.md): a new one (or events and alerts built
 * into a page instead of read at load) fails here until its boundaries join
 * server/services/rebuilds/rules.ts and this list.
 */
const BUILD_CODE = ['src/site', 'src/pages', 'src/components', 'src/layouts']
const CLOCK = /\bsite\.now\b|\bbuildNow\(|snapshot\.(events|alerts)\b/

/** Each reader and the boundaries rules.ts gives it. */
const KNOWN: Record<string, string> = {
  'src/site/site-model.ts': 'where the build reads its clock once',
  'src/site/magazine.ts': 'featured windows (magazine order)',
  'src/site/bell.ts': "events' and alerts' windows (the bell's place)",
  // an ended event's picture stays listed until the next rebuild: the script shows only
  // current events, so no page changes at its end (docs/decisions/095-event-images.md)
  'src/pages/[tenant]/[...lang]/notices.json.ts': 'pictures of events not over (none shown)',
  'src/components/cards/PostCard.astro': 'featured windows (badge)',
  'src/components/home/CouponPopup.astro': 'dated offers of the word cloud',
  'src/components/footer/Footer.astro': 'local new year',
}

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(join(projectRoot, dir), { withFileTypes: true, recursive: true })
  return entries
    .filter(
      (entry) =>
        entry.isFile() && /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => relative(projectRoot, join(entry.parentPath, entry.name)))
}

describe("the build's clock readers", () => {
  it('are the ones the rebuild planner has boundaries for', async () => {
    const readers: string[] = []
    for (const dir of BUILD_CODE) {
      for (const file of await files(dir)) {
        if (file === 'src/site/build-clock.ts') continue
        if (CLOCK.test(await readFile(join(projectRoot, file), 'utf8'))) readers.push(file)
      }
    }
    expect(readers.sort()).toEqual(Object.keys(KNOWN).sort())
  })
})
