/**
 * Where scripts/build-sites leaves the pulled data, and which tenants (and pages) the current
 * Astro build renders. Both come from the environment because `astro build` is started by the script (one
 * build process per batch of tenants). No imports: the build process loads this file with
 * Node's own type stripping (scripts/build-sites/astro-batch.ts).
 */
export const SNAPSHOT_DIR_ENV = 'SITES_SNAPSHOT_DIR'
export const TENANTS_ENV = 'SITES_TENANTS'
/**
 * Set: the build renders only these pages of its tenant (comma-separated paths as served, `/`,
 * `/en/magazine/a-post`, `/sitemap.xml`), a publish's dependent pages
 * (docs/decisions/070-publish-event-in-the-contract.md). Unset: every page.
 */
export const PAGES_ENV = 'SITES_PAGES'
export const DEFAULT_SNAPSHOT_DIR = '.data/snapshots'
