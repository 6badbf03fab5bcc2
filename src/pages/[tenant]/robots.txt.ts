import type { APIRoute } from 'astro'
import { robotsTxt } from '#site/seo/robots'
import { selectedSites, siteOf } from '#site/site-model'

/** robots.txt of each tenant (src/site/seo/robots.ts; booker.seo.robotsRootOnly). */
export const getStaticPaths = () =>
  selectedSites().map((site) => ({ params: { tenant: site.host }, props: { host: site.host } }))

export const GET: APIRoute = ({ props }) => {
  const site = siteOf((props as { host: string }).host)
  const body = robotsTxt(site.origin, site.locales, site.company.booker.seo.robotsRootOnly)
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
}
