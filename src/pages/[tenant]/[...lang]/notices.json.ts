import type { APIRoute } from 'astro'
import { noticesOf } from '../../../site/notices'
import { siteOf } from '../../../site/site-model'
import { everyLocale, type PageRef } from '../../../site/static-paths'

/** /notices.json per locale: events and alerts for the bell and dialogs (src/site/notices.ts). */
export const getStaticPaths = () => everyLocale()

export const GET: APIRoute = ({ props }) => {
  const { host, locale } = props as PageRef
  return new Response(JSON.stringify(noticesOf(siteOf(host), locale)), {
    headers: { 'content-type': 'application/json' },
  })
}
