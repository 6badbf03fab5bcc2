/**
 * HTML of page fragments that are identical across pages (components/page/Cached.astro), for
 * the life of one build process. Keys start with the host, so tenants never share an entry.
 */
export const fragmentCache = new Map<string, string>()
