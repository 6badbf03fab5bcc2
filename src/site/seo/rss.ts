import { xmlEscape } from './xml'

export interface RssItem {
  title: string
  link: string
  description: string
  /** ISO 8601 */
  published: string | undefined
  guid: string
}

export interface RssChannel {
  title: string
  link: string
  description: string
  /** BCP 47 */
  language: string
  self: string
  items: readonly RssItem[]
}

/** RSS 2.0 of the magazine of one locale. No lastBuildDate: output depends on the data only. */
export function rssXml(channel: RssChannel): string {
  const items = channel.items.map((item) =>
    [
      '<item>',
      `<title>${xmlEscape(item.title)}</title>`,
      `<link>${xmlEscape(item.link)}</link>`,
      `<guid isPermaLink="true">${xmlEscape(item.guid)}</guid>`,
      `<description>${xmlEscape(item.description)}</description>`,
      item.published ? `<pubDate>${new Date(item.published).toUTCString()}</pubDate>` : '',
      '</item>',
    ].join(''),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xmlEscape(channel.title)}</title>`,
    `<link>${xmlEscape(channel.link)}</link>`,
    `<description>${xmlEscape(channel.description)}</description>`,
    `<language>${xmlEscape(channel.language)}</language>`,
    `<atom:link href="${xmlEscape(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n')
}
