/**
 * One chunk for the code every tenant page runs (docs/decisions/107-every-page-chunk.md): the
 * modules the header's and the account menu's scripts import statically, directly or through
 * others. Left to the default splitting they were 17 files of 100-900 bytes, each with its own
 * import and export lines and its own gzip frame, downloaded by every page anyway: 7.6 KB
 * gzipped in 17 requests against 5.4 KB in one, measured on the demo build. Modules that only a
 * dynamic import reaches (an island, the dialogs) keep their own chunks.
 */

/** What the splitter tells of a module (rolldown's ChunkingContext, the part read here). */
export interface ModuleGraph {
  getModuleInfo(id: string): { readonly importers: readonly string[] } | null
}

/** The scripts every page of a tenant runs: Astro's bundles of these components' <script>. */
const EVERY_PAGE_SCRIPT =
  /[\\/]components[\\/]header[\\/](?:Header|AccountMenu)\.astro\?astro&type=script/

export const EVERY_PAGE_CHUNK = 'page'

/** Whether a chain of static imports leads from one of those scripts to `id`. */
export function everyPageModule(id: string, graph: ModuleGraph): boolean {
  const seen = new Set<string>([id])
  const queue = [id]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (next !== id && EVERY_PAGE_SCRIPT.test(next)) return true
    for (const importer of graph.getModuleInfo(next)?.importers ?? []) {
      if (seen.has(importer)) continue
      seen.add(importer)
      queue.push(importer)
    }
  }
  return false
}

/** The name function of the splitting group: the every-page chunk, or none. */
export function everyPageChunk(id: string, graph: ModuleGraph): string | null {
  return !EVERY_PAGE_SCRIPT.test(id) && everyPageModule(id, graph) ? EVERY_PAGE_CHUNK : null
}
