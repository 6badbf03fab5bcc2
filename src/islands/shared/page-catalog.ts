import { type FlatMessages, flattenCatalog } from '#i18n/flatten'

type Fetch = (url: string) => Promise<Pick<Response, 'ok' | 'json'>>

/**
 * The catalog at `url` flattened, or null when it cannot be had (offline, not JSON, a bad
 * shape): the islands then show message keys rather than nothing at all.
 */
export async function readCatalog(
  url: string | undefined,
  load: Fetch,
): Promise<FlatMessages | null> {
  if (!url) return null
  try {
    const response = await load(url)
    return response.ok ? flattenCatalog(await response.json()) : null
  } catch {
    return null
  }
}

// Decision 010: evaluated once per page, before any island module that imports it finishes
// loading (top-level await), so islands render with their texts on their first client render.
// On the server there is no page: islands given no messages render nothing there (useMounted).
const loaded =
  typeof document === 'undefined'
    ? null
    : await readCatalog(document.documentElement.dataset.catalog, (url) => fetch(url))

/** The messages of the page's locale, as fetched when the first island loaded. */
export function pageMessages(): FlatMessages {
  return loaded ?? {}
}
