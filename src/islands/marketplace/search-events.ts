/** Tells the hero (hero-carousel.ts) whether search text is typed: it collapses then. */
export const SEARCH_TEXT_EVENT = 'shop-search:text'
