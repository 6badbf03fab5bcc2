import { jobScoped } from './job-scope'

/**
 * HTML of page fragments that are identical across pages (components/page/Cached.astro), for
 * one build job (job-scope.ts): a publish may change them. Keys start with the host, so tenants
 * never share an entry.
 */
export const fragmentCache = jobScoped<string, string>()
