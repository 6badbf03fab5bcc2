import type { Alert, Event } from '#contract/index'
import type { NoticePicture } from '#domain/media/notice-picture'
import type { Locale } from '#i18n/locales'
import { pick } from '#site/localized-text'
import { assetUrl } from './storage-origin'

/** Where an alert's reserve button leads (notices.json.ts). */
export interface ReserveTarget {
  /** the service booking page (the booking island asks for the shop when needed) */
  href: string
  /** one entry per shop offering the service, when there are several */
  shops: { name: string; href: string }[]
}

/** /notices.json as notices.json.ts writes it at build time. */
export interface NoticesFrame {
  /** the locale's BCP 47 tag for dates */
  iso: string
  /** '' or '/en': put in front of a root-relative event link, this language's page */
  linkPrefix: string
  /** the services of the loaded categories (none when the company shows no alerts) */
  services: Record<string, ReserveTarget | null>
  messages: Record<string, string>
  /**
   * The library pictures of the build's events, by the address an event stores, with their
   * responsive files and alt in this language (docs/decisions/095-event-images.md)
   */
  pictures: Record<string, NoticePicture>
}

/** An event's picture: its address, and what the build knew of it when it is a library one. */
export interface NoticeImage {
  src: string
  picture: NoticePicture | undefined
}

/** An event as the carousel shows it, in the page's language. */
export interface NoticeEvent {
  id: string
  title: string
  /** tenant HTML, cleaned where it is shown (dom.ts sanitisedHtml) */
  body: string
  start: string
  end: string
  showDates: boolean
  images: NoticeImage[]
  link: { url: string; label: string } | undefined
}

/** An alert as the alerts dialog shows it, with where its reserve button leads. */
export interface NoticeAlert {
  id: string
  serviceId: string
  body: string
  start: string
  end: string
  reserve: ReserveTarget | undefined
}

const rootRelative = (url: string) => url.startsWith('/') && !url.startsWith('//')

export function eventView(event: Event, locale: Locale, frame: NoticesFrame): NoticeEvent {
  const link = event.link
  return {
    id: String(event.id),
    title: pick(event.title, locale),
    body: pick(event.body, locale),
    start: event.start,
    end: event.end,
    showDates: event.showDates,
    images: event.img.map((img) => ({
      src: assetUrl(img.url),
      // own keys only: an address is the tenant's text ('constructor' is no picture)
      picture: Object.hasOwn(frame.pictures, img.url) ? frame.pictures[img.url] : undefined,
    })),
    link: link
      ? {
          // a root-relative link is a page of this site: in this page's language
          url: rootRelative(link.url) ? `${frame.linkPrefix}${link.url}` : link.url,
          label: pick(link.title, locale),
        }
      : undefined,
  }
}

export function alertView(alert: Alert, locale: Locale, frame: NoticesFrame): NoticeAlert {
  const serviceId = String(alert.serviceId)
  return {
    id: String(alert.id),
    serviceId,
    body: pick(alert.body, locale),
    start: alert.start,
    end: alert.end,
    reserve: frame.services[serviceId] ?? undefined,
  }
}
