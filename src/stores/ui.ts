// UI state shared by islands that is not persisted; the mini cart's open state is local to it.

/**
 * Theme preview (docs/product/4-states.md): the back office shows the site in a frame with a `previewtheme`
 * query; the cookie dialog stays hidden there.
 */
export function isPreview(location: { search: string }, framed: boolean): boolean {
  return framed || new URLSearchParams(location.search).has('previewtheme')
}
