import { useId } from 'react'
import { eventWords } from './event-words'
import { useStudioText } from './studio-text'
import type { AgendaData } from './use-agenda'

/**
 * The day's appointments as a list, in time order: what a phone shows instead of the columns,
 * and a plain reading order for any screen reader.
 */
export function AgendaList({
  agenda,
  onSelect,
}: {
  agenda: AgendaData
  onSelect: (id: string) => void
}) {
  const translator = useStudioText()
  const id = useId()
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
                <span className="studio-list-time">{words.time}</span>
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
