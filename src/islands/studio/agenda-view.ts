import { readDay, shopToday, weekOf } from '#domain/studio/agenda-day'

/**
 * What the agenda shows, kept in the address (`?day=`, `?view=week`) so a reload or a shared
 * link opens the same days (docs/decisions/071-studio-app.md).
 */
export type AgendaView = 'day' | 'week'

export function readView(search: string, timeZone: string): { day: string; view: AgendaView } {
  const params = new URLSearchParams(search)
  return {
    day: readDay(params.get('day')) ?? shopToday(timeZone),
    view: params.get('view') === 'week' ? 'week' : 'day',
  }
}

export function writeView(href: string, day: string, view: AgendaView): URL {
  const url = new URL(href)
  url.searchParams.set('day', day)
  if (view === 'week') url.searchParams.set('view', 'week')
  else url.searchParams.delete('view')
  return url
}

/** The days a view covers, both ends included. */
export function viewRange(day: string, view: AgendaView): { from: string; to: string } {
  return view === 'week' ? weekOf(day) : { from: day, to: day }
}
