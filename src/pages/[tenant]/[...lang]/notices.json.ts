import type { APIRoute } from 'astro'
import { LOCALE_INFO, pickMessages } from '#i18n/index'
import { servicePages, shopsOffering } from '#site/catalog'
import { type Notices, noticesOf } from '#site/notices'
import { pageContext } from '#site/page-context'
import { everyLocale, type PageRef } from '#site/static-paths'

/**
 * /notices.json per locale: events and alerts for the bell and the events and alerts dialogs
 * (src/site/notices.ts, src/scripts/notices), with what the vanilla dialogs need besides: their
 * messages, the locale's date format and, per alert, where 'reserve' leads (docs/product/2-screens.md: the
 * service's booking page, through a shop selector when several shops offer it).
 */
export const getStaticPaths = () => everyLocale()

export interface ReserveTarget {
  /** the service booking page (the booking island asks for the shop when needed) */
  href: string
  /** one entry per shop offering the service, when there are several */
  shops: { name: string; href: string }[]
}

export type NoticesPayload = Omit<Notices, 'alerts'> & {
  iso: string
  messages: Record<string, string>
  alerts: (Notices['alerts'][number] & { reserve: ReserveTarget | undefined })[]
}

export const GET: APIRoute = ({ props }) => {
  const ref = props as PageRef
  const ctx = pageContext(ref, '/notices.json')
  const { site } = ctx
  const notices = noticesOf(site, ref.locale)
  const pages = servicePages(site)
  const shopPages = new Set(site.shops.map((shop) => shop.id))
  const reserveOf = (serviceId: string): ReserveTarget | undefined => {
    const page = pages.find(({ service }) => String(service.id) === String(serviceId))
    if (!page) return undefined
    const path = `/services/${page.category.slug}/${page.service.slug}`
    const shops = shopsOffering(site, page.service).filter((shop) => shopPages.has(shop.id))
    return {
      href: `${ctx.link(path)}?page=reserved`,
      shops:
        shops.length > 1
          ? shops.map((shop) => ({
              name: shop.publicInfo.name,
              href: `${ctx.link(`/${shop.slug}${path}`)}?page=reserved`,
            }))
          : [],
    }
  }
  const common = pickMessages(ref.locale, ['common'])
  const payload: NoticesPayload = {
    ...notices,
    // a root-relative event link is a page of this site: in this page's language
    events: notices.events.map((event) =>
      event.link?.url.startsWith('/') && !event.link.url.startsWith('//')
        ? { ...event, link: { ...event.link, url: ctx.link(event.link.url) } }
        : event,
    ),
    alerts: notices.alerts.map((alert) => ({ ...alert, reserve: reserveOf(alert.serviceId) })),
    iso: LOCALE_INFO[ref.locale].iso,
    messages: {
      ...pickMessages(ref.locale, ['events', 'alerts', 'notifications']),
      'common.close': common['common.close'] ?? '',
      'common.opensInNewTab': common['common.opensInNewTab'] ?? '',
    },
  }
  return new Response(JSON.stringify(payload), {
    headers: { 'content-type': 'application/json' },
  })
}
