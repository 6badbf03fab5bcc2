import type { Locale } from './locales'
import de from './messages/de.json?url'
import en from './messages/en.json?url'
import es from './messages/es.json?url'
import fr from './messages/fr.json?url'
import it from './messages/it.json?url'

/**
 * Where each locale's catalog is served (a content-hashed file under /_astro): a page names its
 * own on `<html data-catalog>` and the islands fetch it once, cached across every page, instead
 * of every page carrying its islands' messages (decision 010).
 */
export const CATALOG_URLS: Readonly<Record<Locale, string>> = { fr, en, de, es, it }
