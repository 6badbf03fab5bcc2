/**
 * The preview token of the address (docs/product/7-calls.md start-up: the preview token is taken
 * from the URL; docs/decisions/064-error-page-preview-and-shop-times.md). The static site reads
 * it from `?previewtheme=<token>`, the query the back office already opens the site with: a path
 * segment would need every host (and the CDN) to rewrite addresses. `?previewtheme=1`, the bare
 * marker, is preview without a kept theme: the window messages only.
 */
const TOKEN = /^[\w-]{20,200}$/

export function previewToken(search: string): string | undefined {
  const value = new URLSearchParams(search).get('previewtheme')?.trim() ?? ''
  return TOKEN.test(value) ? value : undefined
}

/** The preview marker to keep on a navigation within the site: the token, else the bare marker. */
export function previewMarker(search: string): string {
  return previewToken(search) ?? '1'
}
