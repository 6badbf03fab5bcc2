import type { APIRoute } from 'astro'
import { eventPictures } from '#domain/media/notice-picture'
import { LOCALE_INFO, pickMessages } from '#i18n/index'
import type { NoticesFrame, ReserveTarget } from '#scripts/notices/frame'
import { servicePages, shopsOffering } from '#site/catalog'
import { pageContext } from '#site/page-context'
import { everyLocale, type PageRef, type StaticRoute } from '#site/static-paths'

/**
 * /notices.json per locale: what the bell's script needs besides the events and alerts it reads
 * from the API at page load (docs/product/4-states.md "Loading content", src/scripts/notices):
 * the dialogs' messages, the locale's date format, the prefix of this language's links and,
 * per service of the loaded categories, where an alert's 'reserve' leads
 * (docs/product/2-screens.md: the service's booking page, through a shop selector when several
 * shops offer it; none for a service booked at the salon only); and the responsive files and
 * alt, in this language, of the events' library pictures (docs/decisions/095-event-images.md).
 * Fetched only when an event or alert is current.
 */
export const getStaticPaths = (route: StaticRoute) => everyLocale(route)

export const GET: APIRoute = ({ props }) => {
  const ref = props as PageRef
  const ctx = pageContext(ref, '/notices.json')
  const { site } = ctx
  const pages = servicePages(site)
  const shopPages = new Set(site.shops.map((shop) => shop.id))
  const reserveOf = (serviceId: string): ReserveTarget | null => {
    const page = pages.find(({ service }) => String(service.id) === serviceId)
    // a service booked at the salon only has no 'reserve' button (decision 092)
    if (!page?.service.booker.onlineBooking) return null
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
  // docs/product/4-states.md: alerts are shown for the services of the loaded categories, when
  // the company shows alert messages at all
  const serviceIds = site.company.booker.alertMessages
    ? [
        ...new Set(
          site.categories.flatMap((category) => category.articles ?? []).map((a) => String(a.id)),
        ),
      ]
    : []
  const common = pickMessages(ref.locale, ['common'])
  const frame: NoticesFrame = {
    iso: LOCALE_INFO[ref.locale].iso,
    linkPrefix: ctx.link('/').replace(/\/$/, ''),
    services: Object.fromEntries(serviceIds.map((id) => [id, reserveOf(id)])),
    messages: {
      ...pickMessages(ref.locale, ['events', 'alerts', 'notifications']),
      'common.close': common['common.close'] ?? '',
      'common.opensInNewTab': common['common.opensInNewTab'] ?? '',
    },
    pictures: eventPictures(site.snapshot.events, site.mediaOf, ref.locale, site.now),
  }
  return new Response(JSON.stringify(frame), {
    headers: { 'content-type': 'application/json' },
  })
}
