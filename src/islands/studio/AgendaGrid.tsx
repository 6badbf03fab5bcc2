import dayjs from 'dayjs'
import 'dayjs/locale/de'
import 'dayjs/locale/es'
import 'dayjs/locale/fr'
import 'dayjs/locale/it'
import { useMemo } from 'react'
import { Calendar, dayjsLocalizer, type Formats, Views } from 'react-big-calendar'
import { columnOf } from '#domain/studio/agenda-columns'
import { dayHours } from '#domain/studio/agenda-day'
import { type AgendaEvent, wallClockDate } from '#domain/studio/agenda-events'
import { type EventWords, eventWords } from './event-words'
import { useStudioText } from './studio-text'
import type { AgendaData } from './use-agenda'

/**
 * The day grid: react-big-calendar's day view with one column per resource
 * (docs/decisions/071-studio-app.md). Its events are focusable buttons; Enter or a click opens
 * the details. Navigation is the toolbar's, so the calendar's own toolbar is off.
 */
const localizer = dayjsLocalizer(dayjs)
const clock = (date: Date) => dayjs(date).format('HH:mm')
const FORMATS: Formats = {
  // the toolbar names the day; each column's header repeats it in full, never as '01 mar.'
  dayFormat: 'dddd D MMMM',
  timeGutterFormat: clock,
  eventTimeRangeFormat: ({ start, end }) => `${clock(start)} – ${clock(end)}`,
}

interface GridEvent {
  readonly event: AgendaEvent
  readonly words: EventWords
  readonly title: string
  readonly start: Date
  readonly end: Date
  readonly resourceId: string
}

interface GridProps {
  day: string
  agenda: AgendaData
  selected: string | null
  onSelect: (id: string) => void
}

function EventCard({ event }: { event: GridEvent }) {
  return (
    <span className="studio-event-card">
      <strong>{event.words.customer}</strong>
      <span>{event.words.what}</span>
      <span>{event.words.status}</span>
      <span>{event.words.money}</span>
    </span>
  )
}

export function AgendaGrid({ day, agenda, selected, onSelect }: GridProps) {
  const translator = useStudioText()
  const { t, locale } = translator
  const { events: dayEvents, columns, names } = agenda
  const events = useMemo<GridEvent[]>(
    () =>
      dayEvents.map((event) => {
        const words = eventWords(event, names, translator)
        return {
          event,
          words,
          title: `${words.customer}, ${words.what}`,
          start: wallClockDate(event.start),
          end: wallClockDate(event.end),
          resourceId: columnOf(event, columns),
        }
      }),
    [dayEvents, names, columns, translator],
  )
  const resources = columns.map((c) => ({
    id: c.id,
    title: c.title ?? t('studio.agenda.unassigned'),
  }))
  const [first, last] = dayHours(dayEvents)
  const at = (hour: number) => wallClockDate(`${day}T${String(hour).padStart(2, '0')}:00`)
  const chosen = events.find((e) => e.event.id === selected)
  return (
    <div className="studio-grid">
      <Calendar<GridEvent, { id: string; title: string }>
        localizer={localizer}
        culture={locale}
        formats={FORMATS}
        date={at(12)}
        onNavigate={() => undefined}
        view={Views.DAY}
        views={[Views.DAY]}
        onView={() => undefined}
        toolbar={false}
        events={events}
        resources={resources}
        resourceIdAccessor="id"
        resourceTitleAccessor="title"
        min={at(first)}
        max={last === 24 ? wallClockDate(`${day}T23:59`) : at(last)}
        step={15}
        timeslots={4}
        selected={chosen}
        onSelectEvent={(e) => onSelect(e.event.id)}
        onKeyPressEvent={(e, key) => {
          const { key: pressed } = key as unknown as KeyboardEvent
          if (pressed === 'Enter' || pressed === ' ') onSelect(e.event.id)
        }}
        eventPropGetter={(e) => ({
          className: `studio-event studio-event--${e.event.status}${e.event.tentative ? ' studio-event--tentative' : ''}`,
        })}
        components={{ event: EventCard }}
        messages={{ allDay: '' }}
      />
    </div>
  )
}
