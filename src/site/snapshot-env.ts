/**
 * Where scripts/build-sites leaves the pulled data, and which tenants the current Astro build
 * renders. Both come from the environment because `astro build` is started by the script (one
 * build process per batch of tenants). No imports: the build process loads this file with
 * Node's own type stripping (scripts/build-sites/astro-batch.ts).
 */
export const SNAPSHOT_DIR_ENV = 'SITES_SNAPSHOT_DIR'
export const TENANTS_ENV = 'SITES_TENANTS'
export const DEFAULT_SNAPSHOT_DIR = '.data/snapshots'
