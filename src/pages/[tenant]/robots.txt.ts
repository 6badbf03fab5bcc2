import type { APIRoute } from 'astro'
import { robotsTxt } from '#site/seo/robots'
import { siteOf } from '#site/site-model'
import { everyTenant, type StaticRoute } from '#site/static-paths'

/** robots.txt of each tenant (src/site/seo/robots.ts; booker.seo.robotsRootOnly). */
export const getStaticPaths = (route: StaticRoute) => everyTenant(route)

export const GET: APIRoute = ({ props }) => {
  const site = siteOf((props as { host: string }).host)
  const body = robotsTxt(site.origin, site.locales, site.company.booker.seo.robotsRootOnly)
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
}
