import type { APIRoute } from 'astro'
import { publicPages } from '#site/routes'
import { sitemapXml } from '#site/seo/sitemap'
import { siteOf } from '#site/site-model'
import { everyTenant, type StaticRoute } from '#site/static-paths'

/** sitemap.xml of each tenant (src/site/routes.ts lists its public pages). */
export const getStaticPaths = (route: StaticRoute) => everyTenant(route)

export const GET: APIRoute = ({ props }) => {
  const site = siteOf((props as { host: string }).host)
  return new Response(sitemapXml(site.origin, publicPages(site)), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  })
}
