import type { HeroSlide } from '#contract/index'
import type { PageContext } from '#site/page-context'

/**
 * Where a hero slide's button leads (docs/product/2-screens.md): 'service' to services/{categorySlug}/{serviceSlug}
 * in the page's language; 'url' as given (root-relative ones localized too).
 */
export function slideHref(ctx: PageContext, slide: HeroSlide): string | undefined {
  const action = slide.action
  if (!action) return undefined
  if (action.type === 'service')
    return ctx.link(`/services/${action.categorySlug}/${action.serviceSlug}`)
  return action.url.startsWith('/') ? ctx.link(action.url) : action.url
}
