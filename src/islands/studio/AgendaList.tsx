import { useId } from 'react'
import { eventWords } from './event-words'
import { useStudioText } from './studio-text'
import type { AgendaData } from './use-agenda'

interface ListProps {
  agenda: AgendaData
  /** a week's list names each appointment's day */
  withDate: boolean
  onSelect: (id: string) => void
}

/**
 * The appointments as a list, in time order: what a phone shows instead of the calendar, and a
 * plain reading order for any screen reader.
 */
export function AgendaList({ agenda, withDate, onSelect }: ListProps) {
  const translator = useStudioText()
  const id = useId()
  const dayName = new Intl.DateTimeFormat(translator.locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })
  const titles = new Map(agenda.columns.map((c) => [c.id, c.title]))
  if (agenda.events.length === 0) return null
  return (
    <section className="studio-list" aria-labelledby={id}>
      <h2 id={id}>{translator.t('studio.agenda.list')}</h2>
      <ol>
        {agenda.events.map((event) => {
          const words = eventWords(event, agenda.names, translator)
          const resource = titles.get(event.resourceId)
          return (
            <li key={event.id} className={`studio-event--${event.status}`}>
              <button type="button" onClick={() => onSelect(event.id)}>
                <span className="studio-list-time">
                  {withDate &&
                    `${dayName.format(Date.parse(`${event.start.slice(0, 10)}T12:00:00Z`))}, `}
                  {words.time}
                </span>
                <strong>{words.customer}</strong>
                <span>{words.what}</span>
                {resource && <span>{translator.t('studio.event.with', { resource })}</span>}
                <span>{words.status}</span>
                <span>{words.money}</span>
              </button>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
