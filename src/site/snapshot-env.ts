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
/**
 * The id of the job the build process is rendering. A long-lived build process renders one job
 * after another (scripts/build-sites/later-jobs.ts): what a job reads once for all its pages
 * (snapshots, site models, shared fragments, its clock) lives in job-scope.ts and is forgotten
 * when this changes. Unset: one job for the life of the process.
 */
export const JOB_ENV = 'SITES_JOB'
